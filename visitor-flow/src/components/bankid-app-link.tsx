import { useCopy } from '@concert/shared/browser';
import { useEffect, useRef, useState } from 'react';

/**
 * How long the page waits, still in view, after the visitor tapped the link to the BankID app
 * before it concludes that the app did not open and says so (BankID's guidance: a way to start the
 * app again; the link stays). When the app opens, the page is hidden well within this.
 */
export const APP_OPEN_CHECK_MS = 3000;

interface BankIdAppLinkProps {
  /** The launch link for this device (bankIdAppLink). */
  href: string;
  /** The page runs in an app's in-app browser (Instagram…): the text says what to do there. */
  inAppBrowser: boolean;
  /** Called as the visitor taps the link, before the browser follows it. */
  onLaunch: () => void;
}

/**
 * BankID on this device (issue 39 §8, BankID's sample `OpenMobileApp`): once the order exists,
 * a real link in the same tab that the visitor taps — no window opened, no navigation by script —
 * so the phone hands BankID's universal link to the BankID app while this page stays and keeps
 * polling. The link is focused when it appears, so a keyboard or screen-reader user is on it.
 */
export function BankIdAppLink({ href, inAppBrowser, onLaunch }: BankIdAppLinkProps) {
  const t = useCopy();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    link.current?.focus();
  }, []);
  return (
    <div className="bankid-app">
      {inAppBrowser && <p className="notice">{t('bankId.inAppBrowser')}</p>}
      <p>
        <a ref={link} className="button" href={href} onClick={onLaunch}>
          {t('bankId.openAppFallback')}
        </a>
      </p>
    </div>
  );
}

/**
 * After a launch (`launches` counts the taps), whether the page stayed in view for
 * APP_OPEN_CHECK_MS: then the app did not open. Any hide (the app came to the front) clears it.
 */
export function useAppDidNotOpen(active: boolean, launches: number): boolean {
  const [didNotOpen, setDidNotOpen] = useState(false);
  useEffect(() => {
    setDidNotOpen(false);
    if (!active || launches === 0) return;
    let left = document.visibilityState === 'hidden';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') left = true;
    };
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setTimeout(() => {
      if (!left) setDidNotOpen(true);
    }, APP_OPEN_CHECK_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, launches]);
  return active && didNotOpen;
}
