import { bankIdAppLink, isMobileDevice, mayCancelOnLeave, needsReturnAddress } from './bankid-launch.js';
import { BankIdAppLink, useAppDidNotOpen } from './bankid-app-link.js';
import { deviceChoiceKey, hintMessageKey } from './bankid-hints.js';
import {
  api,
  ApiError,
  bankIdOrderAtom,
  bankIdReturnKey,
  existingIdToken,
  isInAppBrowser,
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
  /** This device: the link to the BankID app was tapped (or a computer opened the app itself). */
  launched?: boolean;
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

/** Where the page tells the server it went away with an order waiting (sendBeacon: no headers, the token in the body). */
export const ABANDON_URL = '/api/abandonBankIDSession';

/** BankID errors when starting that the visitor can simply try again; everything else goes to the error page. */
const RETRYABLE_START_ERRORS = new Set(['bankIdFailed', 'bankIDFailed']);

/**
 * The BankID control (SPEC.md §2, §4): choose this device (the order starts, then a link that the
 * visitor taps opens the BankID app, the page staying in this tab and polling; a computer opens its
 * app by itself) or another device (the QR code, a new frame every second). Polls every 2 s for up
 * to 180 s, shows BankID's texts, announces each change, and can be cancelled.
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
  const [device] = useState(() => ({ onComputer: !isMobileDevice(), inAppBrowser: isInAppBrowser() }));
  const mobile = !device.onComputer;
  // Launches of the BankID app on this device from this page (taps on the link).
  const [launches, setLaunches] = useState(0);
  const appDidNotOpen = useAppDidNotOpen(stage === 'pending' && !!order?.sameDevice, launches);
  // The order still running, to cancel it if the visitor leaves the page meanwhile.
  const running = useRef<string | null>(resumed?.transactionId ?? null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (stage === 'failed') tryAgainButton.current?.focus();
    // On this device the link to the app takes the focus (bankid-app-link.tsx).
    if (stage === 'pending' && !order?.sameDevice) heading.current?.focus();
  }, [stage, order?.sameDevice]);
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
    // BankID's guidance per device: on iOS the order carries the way back (this step, with a
    // one-time reference that resumes the session in whatever tab the phone opens); Android and
    // desktop go back by themselves. A phone opens the app only from a link the visitor taps
    // (BankIdAppLink), never by script after this network call; a computer opens its app by the
    // scheme straight away, as BankID's sample does (the page stays), the link remaining.
    setStage('starting');
    setHintCode(undefined);
    try {
      const returnTo = sameDevice && needsReturnAddress() ? location.pathname : undefined;
      const started = await start(returnTo ? { returnTo, returnKey: bankIdReturnKey() } : {});
      running.current = started.transactionId;
      const appLink = bankIdAppLink(started.url, device);
      // In demo the url is the simulator's approval page: a link like any other.
      const opensItself = sameDevice && device.onComputer && appLink !== started.url;
      const startedOrder = {
        transactionId: started.transactionId,
        url: started.url,
        sameDevice,
        startedAt: Date.now(),
        launched: opensItself,
      };
      setOrder(startedOrder);
      setSaved({ purpose, ...startedOrder });
      setQrData(started.qrData);
      setStage('pending');
      if (opensItself) {
        setLaunches((n) => n + 1);
        location.assign(appLink);
      }
    } catch (err) {
      if (err instanceof ApiError && RETRYABLE_START_ERRORS.has(err.errorId)) fail('bankId.rfa22');
      else goToError(err);
    }
  }

  /** The visitor tapped the link to the app: the browser follows it; the page remembers it was launched. */
  function launched() {
    setLaunches((n) => n + 1);
    if (!order || order.launched) return;
    const next = { ...order, launched: true };
    setOrder(next);
    setSaved({ purpose, ...next });
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
    stage === 'pending' && order
      ? hintMessageKey('pending', hintCode, order.sameDevice, mobile, !!order.launched)
      : undefined;
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
            <BankIdAppLink
              href={bankIdAppLink(order.url, device)}
              inAppBrowser={device.inAppBrowser}
              onLaunch={launched}
            />
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
