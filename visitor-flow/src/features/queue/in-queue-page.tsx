import { api, langAtom, queuedEmailAtom, ticketDataAtom, useCopy } from '@concert/shared/browser';
import type { QueuePlace } from '@concert/shared/api';
import { paths } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from '@concert/shared/router';
import { Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';

/** The queue entry is confirmed with the e-mail (SPEC.md §2). */
export function InQueuePage() {
  const email = useAtomValue(queuedEmailAtom);
  return (
    <RequireStep when={!!email}>
      <InQueue email={email!} />
    </RequireStep>
  );
}

function InQueue({ email }: { email: string }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  // SPEC.md §4: inQueue clears the hold's countdown.
  useEffect(() => setTicket(null), [setTicket]);
  // How long the queue is now, or (confirmed meanwhile, in this browser) the place in it.
  const [place, setPlace] = useState<QueuePlace | null>(null);
  useEffect(() => {
    let current = true;
    api.call('queuePlace', {}).then(
      (found) => current && setPlace(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <Page title={t('inQueue.title')} className="confirmation">
      <p className="notice" role="status">
        {t('inQueue.body', { email })}
      </p>
      {place && (
        <p aria-live="polite">
          {place.state === 'waiting' && place.position
            ? t('inQueue.position', { position: place.position })
            : t('inQueue.waiting', { waiting: place.waiting })}
        </p>
      )}
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('inQueue.back')}
        </Link>
      </p>
    </Page>
  );
}
