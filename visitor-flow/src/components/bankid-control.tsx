import { api, ApiError, bankIdOrderAtom, useCopy } from '@concert/shared/browser';
import { useAtom } from 'jotai';
import type { BankIdStart, BankIdUser } from '@concert/shared/api';
import { usePolling } from '@concert/shared/ui';
import { BANKID_POLL_MS, BANKID_TIMEOUT_MS, type CopyKey } from '@concert/shared/universal';
import { useEffect, useId, useRef, useState } from 'react';
import { LazyQrCode } from './lazy-qr-code.js';
import { useGoToError } from './use-go-to-error.js';

interface Order {
  transactionId: string;
  url: string;
  sameDevice: boolean;
  startedAt: number;
}

type Stage = 'choose' | 'starting' | 'pending' | 'complete' | 'failed';

interface BankIdControlProps {
  purpose: 'auth' | 'sign';
  /** Starts the order (startBankIDAuth or startBankIDSign); `returnTo`: where BankID's app goes back to (iOS). */
  start: (launch: { returnTo?: string }) => Promise<BankIdStart>;
  onComplete: (user: BankIdUser) => void;
  /** The visitor cancelled (after cancelBankIDSession) or closed the control before starting. */
  onCancel: () => void;
  ticketId?: string;
  /** Which screen polls, sent along with each status check. */
  source: string;
  /** Extra text while waiting, e.g. "Waiting for your signature…". */
  waitingText?: string;
}

/** iPhone and iPad (iPadOS says Macintosh, with touch): BankID's app returns to the browser only by an address. */
function needsReturnAddress(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** BankID errors when starting that the visitor can simply try again; everything else goes to the error page. */
const RETRYABLE_START_ERRORS = new Set(['bankIdFailed', 'bankIDFailed']);

/** BankID's hint codes that have a text of their own (bankId.hints.*); any other shows the general one. */
const HINT_KEYS = new Map<string, CopyKey>(
  (
    [
      'outstandingTransaction',
      'noClient',
      'started',
      'userMrtd',
      'userCallConfirm',
      'userSign',
      'expiredTransaction',
      'certificateErr',
      'userCancel',
      'cancelled',
      'startFailed',
      'alreadyInProgress',
      'unknown',
      'userDeclinedCall',
      'notSupportedByUserApp',
      'transactionRiskBlocked',
    ] as const
  ).map((code) => [code, `bankId.hints.${code}`]),
);
const hintKey = (code: string | undefined) => (code ? HINT_KEYS.get(code) : undefined);

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
  const [failureKey, setFailureKey] = useState<CopyKey>('bankId.failed');
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
    const launcher = sameDevice ? window.open('', '_blank') : null;
    if (launcher) launcher.opener = null;
    setStage('starting');
    setHintCode(undefined);
    try {
      const started = await start({
        returnTo: sameDevice && needsReturnAddress() ? location.pathname : undefined,
      });
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
      if (launcher) launcher.location.href = started.url;
      else if (sameDevice) window.open(started.url, '_blank', 'noopener'); // the pop-up was refused: the "open BankID" button below remains
    } catch (err) {
      launcher?.close();
      if (err instanceof ApiError && RETRYABLE_START_ERRORS.has(err.errorId)) fail('bankId.failed');
      else goToError(err);
    }
  }

  usePolling({
    key: order?.transactionId,
    every: BANKID_POLL_MS,
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
        fail(hintKey(status.hintCode) ?? 'bankId.failed');
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

  const statusText =
    stage === 'starting' || stage === 'pending'
      ? [t(hintKey(hintCode) ?? 'bankId.waiting'), waitingText].filter(Boolean).join(' ')
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
          <p>{t('bankId.chooseDevice')}</p>
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
            <p>
              <a className="button" href={order.url} target="_blank" rel="noopener">
                {t('bankId.openApp')}
              </a>
            </p>
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
