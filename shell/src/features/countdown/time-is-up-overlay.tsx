import { langAtom, timeIsUpAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** "Tiden tog visst slut" (SPEC.md §2): a modal dialog once the ticket hold has run out. */
export function TimeIsUpOverlay() {
  const timeIsUp = useAtomValue(timeIsUpAtom);
  return timeIsUp ? <TimeIsUpDialog /> : null;
}

function TimeIsUpDialog() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const restart = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Everything behind the dialog is out of reach (focus, clicks, screen readers) until the restart.
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    restart.current?.focus();
    return () => page?.removeAttribute('inert');
  }, []);
  return createPortal(
    <div className="overlay-backdrop">
      <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="time-is-up-title" aria-describedby="time-is-up-body">
        <h2 id="time-is-up-title">{t('shell.timeIsUp.title')}</h2>
        <p id="time-is-up-body">{t('shell.timeIsUp.body')}</p>
        {/* A real page load of the start page, so every piece of state starts over. */}
        <a ref={restart} className="button" href={paths.visitor.start.getHref(lang)}>
          {t('shell.timeIsUp.restart')}
        </a>
      </div>
    </div>,
    document.body,
  );
}
