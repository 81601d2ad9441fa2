import { bankIdAppLink, isMobileDevice, mayCancelOnLeave, needsReturnAddress } from './bankid-launch.js';
import { deviceChoiceKey, hintMessageKey } from './bankid-hints.js';
import {
  api,
  ApiError,
  bankIdOrderAtom,
  bankIdReturnKey,
  existingIdToken,
  useCopy,
} from '@concert/shared/browser';
import { useAtom } from 'jotai';
import type { BankIdStart, BankIdUser } from '@concert/shared/api';
import { usePolling } from '@concert/shared/ui';
import { BANKID_POLL_MS, BANKID_TIMEOUT_MS, type CopyKey } from '@concert/shared/universal';
import { useEffect, useId, useRef, useState } from 'react';
import { LazyQrCode } from './lazy-qr-code.js';
import { useGoToError } from './use-go-to-error.js';

/**
 * Where BankID's app goes back to (iOS), `returnTo`, and this browser's secret that the return
 * reference is bound to, `returnKey` (issue 39 §9): both or neither.
 */
export interface BankIdLaunch {
  returnTo?: string;
  returnKey?: string;
}

interface Order {
  transactionId: string;
  url: string;
  sameDevice: boolean;
  startedAt: number;
}

type Stage = 'choose' | 'starting' | 'pending' | 'complete' | 'failed';

interface BankIdControlProps {
  purpose: 'auth' | 'sign';
  /** Starts the order (startBankIDAuth or startBankIDSign) with the way back (BankIdLaunch). */
  start: (launch: BankIdLaunch) => Promise<BankIdStart>;
  onComplete: (user: BankIdUser) => void;
  /** The visitor cancelled (after cancelBankIDSession) or closed the control before starting. */
  onCancel: () => void;
  ticketId?: string;
  /** Which screen polls, sent along with each status check. */
  source: string;
  /** Extra text while waiting, e.g. "Waiting for your signature…". */
  waitingText?: string;
}

/**
 * How long the page waits, still in view, after launching the BankID app on this device before it
 * concludes that the app did not open and offers the "Open BankID" button (BankID's guidance: a
 * way to start the app again). When the app opens, the page is hidden well within this.
 */
export const APP_OPEN_CHECK_MS = 3000;

/** Where the page tells the server it went away with an order waiting (sendBeacon: no headers, the token in the body). */
export const ABANDON_URL = '/api/abandonBankIDSession';

/** BankID errors when starting that the visitor can simply try again; everything else goes to the error page. */
const RETRYABLE_START_ERRORS = new Set(['bankIdFailed', 'bankIDFailed']);

/**
 * The BankID control (SPEC.md §2, §4): choose this device (opens the returned url in a new tab,
 * so this page keeps polling) or another device (QR from qrData, refreshed by every poll). Polls
 * every 2 s for up to 180 s, shows the hint-code texts, announces each change, and can be cancelled.
 */
export function BankIdControl({
  purpose,
  start,
  onComplete,
  onCancel,
  ticketId,
  source,
  waitingText,
}: BankIdControlProps) {
  const t = useCopy();
  const goToError = useGoToError();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const tryAgainButton = useRef<HTMLButtonElement>(null);
  // An order this page started before it went away (the BankID app, a reload): its polling resumes.
  const [saved, setSaved] = useAtom(bankIdOrderAtom);
  const [resumed] = useState(() =>
    saved && saved.purpose === purpose && Date.now() - saved.startedAt < BANKID_TIMEOUT_MS ? saved : null,
  );
  const [stage, setStage] = useState<Stage>(resumed ? 'pending' : 'choose');
  const [order, setOrder] = useState<Order | null>(resumed);
  const [qrData, setQrData] = useState('');
  const [hintCode, setHintCode] = useState<string | undefined>();
  const [failureKey, setFailureKey] = useState<CopyKey>('bankId.rfa22');
  // The BankID app was launched on this device but the page never went out of view: it did not open.
  const [appDidNotOpen, setAppDidNotOpen] = useState(false);
  const [mobile] = useState(isMobileDevice);
  // The order still running, to cancel it if the visitor leaves the page meanwhile.
  const running = useRef<string | null>(resumed?.transactionId ?? null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (stage === 'failed') tryAgainButton.current?.focus();
    if (stage === 'pending') heading.current?.focus();
  }, [stage]);
  useEffect(
    () => () => {
      if (running.current)
        void api.call('cancelBankIDSession', { transactionId: running.current }).catch(() => undefined);
    },
    [],
  );

  // A real leave cancels the order (sendBeacon survives the page); an app switch does not.
  useEffect(() => {
    if (stage !== 'pending' || !order) return;
    const leave = (event: PageTransitionEvent) => {
      const transactionId = running.current;
      const idToken = existingIdToken();
      if (
        !transactionId ||
        !idToken ||
        !mayCancelOnLeave({ type: 'pagehide', persisted: event.persisted }, order)
      )
        return;
      navigator.sendBeacon?.(ABANDON_URL, JSON.stringify({ transactionId, idToken }));
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [stage, order]);

  // Launched on this device: if the page is still in view after APP_OPEN_CHECK_MS, the app did not open.
  useEffect(() => {
    setAppDidNotOpen(false);
    if (stage !== 'pending' || !order?.sameDevice) return;
    let left = document.visibilityState === 'hidden';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') left = true;
    };
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setTimeout(() => {
      if (!left) setAppDidNotOpen(true);
    }, APP_OPEN_CHECK_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [stage, order]);

  // The QR code: a new frame every second from the server (GET /api/getBankIdQr); the collect poll
  // keeps its own 2 s. Not asked while the page is out of view (nobody can scan it).
  const qrTransactionId = stage === 'pending' && order && !order.sameDevice ? order.transactionId : null;
  useEffect(() => {
    if (!qrTransactionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (ms: number) => {
      if (!stopped) timer = setTimeout(tick, ms);
    };
    const tick = async () => {
      if (document.visibilityState === 'hidden') return next(1000);
      try {
        const frame = await api.getBankIdQr(qrTransactionId);
        if (stopped || frame.status !== 'pending') return;
        setQrData(frame.qrData);
        // Just after the next second begins, so each answer is the next frame.
        next(Math.min(1000, frame.nextInMs) + 20);
      } catch (err) {
        // A refused or lost frame: the last one stays; collect still brings one every 2 s.
        next(err instanceof ApiError && err.status === 'RESOURCE_EXHAUSTED' ? 10_000 : 1000);
      }
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [qrTransactionId]);

  function fail(key: CopyKey) {
    running.current = null;
    setSaved(null);
    setFailureKey(key);
    setStage('failed');
  }

  async function begin(sameDevice: boolean) {
    // BankID's guidance per device: on iOS the app must be told where to go back to (this step,
    // with a one-time reference that resumes the session in whatever tab the phone opens); Android
    // and desktop go back by themselves. The window is opened in the tap itself (one opened after a
    // network call is a blocked pop-up in some browsers) and pointed at BankID once the order exists.
    // A computer opens its BankID app by a scheme (bankid-launch.ts): no window for it.
    const onComputer = !isMobileDevice();
    const launcher = sameDevice && !onComputer ? window.open('', '_blank') : null;
    if (launcher) launcher.opener = null;
    setStage('starting');
    setHintCode(undefined);
    try {
      const returnTo = sameDevice && needsReturnAddress() ? location.pathname : undefined;
      const started = await start(returnTo ? { returnTo, returnKey: bankIdReturnKey() } : {});
      running.current = started.transactionId;
      const startedOrder = {
        transactionId: started.transactionId,
        url: started.url,
        sameDevice,
        startedAt: Date.now(),
      };
      setOrder(startedOrder);
      setSaved({ purpose, ...startedOrder });
      setQrData(started.qrData);
      setStage('pending');
      // In demo the url is the simulator's approval page; in production it opens the BankID app.
      const appLink = bankIdAppLink(started.url, onComputer);
      if (launcher) launcher.location.href = appLink;
      else if (sameDevice && appLink !== started.url)
        location.assign(appLink); // the page stays: the scheme opens the app
      else if (sameDevice) window.open(appLink, '_blank', 'noopener'); // the pop-up was refused: the "open BankID" button below remains
    } catch (err) {
      launcher?.close();
      if (err instanceof ApiError && RETRYABLE_START_ERRORS.has(err.errorId)) fail('bankId.rfa22');
      else goToError(err);
    }
  }

  usePolling({
    key: order?.transactionId,
    every: BANKID_POLL_MS,
    // A resumed order (a reload, the way back from the app) asks at once: it shows the page is
    // back within the abandon grace period, and it may well be done already.
    immediately: !!resumed && order?.transactionId === resumed.transactionId,
    deadline: order ? order.startedAt + BANKID_TIMEOUT_MS : undefined,
    poll: () =>
      api.call('checkBankIdTransactionStatus', { transactionId: order!.transactionId, ticketId, source }),
    onAnswer: (status) => {
      if (status.status === 'pending') {
        if (status.qrData) setQrData(status.qrData);
        setHintCode(status.hintCode);
        return true;
      }
      if (status.status === 'complete' && status.completionData?.user) {
        running.current = null;
        setSaved(null);
        setStage('complete');
        onComplete(status.completionData.user);
      } else {
        fail(hintMessageKey('failed', status.hintCode, order!.sameDevice, mobile) ?? 'bankId.rfa22');
      }
      return false;
    },
    onError: (err) => {
      running.current = null;
      setSaved(null);
      goToError(err);
      return false;
    },
    onDeadline: () => {
      void api.call('cancelBankIDSession', { transactionId: order!.transactionId }).catch(() => undefined);
      fail('bankId.timeout');
    },
  });

  async function cancel() {
    const transactionId = running.current;
    running.current = null;
    setSaved(null);
    setOrder(null);
    setStage('choose');
    if (transactionId) await api.call('cancelBankIDSession', { transactionId }).catch(() => undefined);
    onCancel();
  }

  function tryAgain() {
    setOrder(null);
    setStage('choose');
    heading.current?.focus();
  }

  // Once BankID says the app has the order (started, userSign…), it did open, whatever the page saw.
  const appNotOpened =
    appDidNotOpen &&
    !!order?.sameDevice &&
    (hintCode === undefined || hintCode === 'outstandingTransaction' || hintCode === 'noClient');
  const pendingKey =
    stage === 'pending' && order ? hintMessageKey('pending', hintCode, order.sameDevice, mobile) : undefined;
  const statusText =
    stage === 'starting' || stage === 'pending'
      ? [t(pendingKey ?? 'bankId.waiting'), appNotOpened ? t('bankId.appDidNotOpen') : '', waitingText]
          .filter(Boolean)
          .join(' ')
      : stage === 'complete'
        ? t('bankId.success')
        : '';

  return (
    <section className="bankid" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t(purpose === 'auth' ? 'bankId.title.auth' : 'bankId.title.sign')}
      </h2>
      {stage === 'choose' && (
        <>
          <p>{t(deviceChoiceKey(mobile))}</p>
          <div className="button-stack">
            <button type="button" className="button" onClick={() => begin(true)}>
              {t('bankId.sameDevice')}
            </button>
            <button type="button" className="button" onClick={() => begin(false)}>
              {t('bankId.otherDevice')}
            </button>
            <button type="button" className="button secondary" onClick={onCancel}>
              {t('bankId.cancel')}
            </button>
          </div>
        </>
      )}
      <p className="bankid-status" role="status" aria-live="polite">
        {statusText}
      </p>
      {stage === 'pending' && order && (
        <>
          {order.sameDevice ? (
            // Shown once the app did not open (or the window was refused): BankID's fallback to start it again.
            appNotOpened && (
              <p>
                <a
                  className="button"
                  href={bankIdAppLink(order.url, !isMobileDevice())}
                  target="_blank"
                  rel="noopener"
                >
                  {t('bankId.openAppFallback')}
                </a>
              </p>
            )
          ) : (
            <div className="qr">
              <p>{t('bankId.qr.instructions')}</p>
              {qrData && <LazyQrCode data={qrData} label={t('bankId.qr.alt')} />}
            </div>
          )}
          <button type="button" className="button secondary" onClick={cancel}>
            {t('bankId.cancel')}
          </button>
        </>
      )}
      {stage === 'failed' && (
        <div className="bankid-failed">
          <p className="notice error-notice" role="alert">
            {t(failureKey)}
          </p>
          <div className="button-stack">
            <button ref={tryAgainButton} type="button" className="button" onClick={tryAgain}>
              {t('bankId.tryAgain')}
            </button>
            <button type="button" className="button secondary" onClick={onCancel}>
              {t('bankId.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
