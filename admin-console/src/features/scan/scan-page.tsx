import { ApiError, apiErrorText, langAtom, staffApi, useCopy, type Translate } from '@concert/shared/browser';
import type { Answer } from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { paths, type Lang } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from '@concert/shared/router';

type Scan = Answer<'scanTicket'>;
type Result =
  | { state: 'loading' }
  | { state: 'ok' | 'alreadyScanned'; scan: Scan }
  | { state: 'notFound' }
  | { state: 'error'; error: unknown };

/** One scanTicket call per ticket and page load (a re-render or a second effect run does not scan again). */
const scans = new Map<string, Promise<Scan>>();
function scanOnce(externalTicketId: string): Promise<Scan> {
  let scan = scans.get(externalTicketId);
  if (!scan) {
    scan = staffApi.call('scanTicket', { externalTicketId });
    scans.set(externalTicketId, scan);
  }
  return scan;
}

/**
 * admin/scan/{externalTicketId}: the page a door phone opens from the ticket's QR code. One big,
 * high-contrast answer for a dark venue: checking, welcome (with the name), already scanned
 * (with when), not found or error; then close.
 */
export function ScanPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const navigate = useNavigate();
  const { externalTicketId = '' } = useParams();
  const [result, setResult] = useState<Result>({ state: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  const check = useCallback(() => {
    let current = true;
    scanOnce(externalTicketId).then(
      (scan) => current && setResult({ state: scan.outcome === 'OK' ? 'ok' : 'alreadyScanned', scan }),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.status === 'NOT_FOUND') setResult({ state: 'notFound' });
        else setResult({ state: 'error', error: err });
      },
    );
    return () => {
      current = false;
    };
  }, [externalTicketId]);

  useEffect(check, [check]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [result.state]);

  const retry = () => {
    scans.delete(externalTicketId);
    setResult({ state: 'loading' });
    check();
  };

  // Back to where staff came from; a tab opened from a QR code closes; else the admin start
  // (`/admin`, which sends each account on to its own work: the door to the door page).
  const close = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) return navigate(-1);
    window.close();
    setTimeout(() => navigate(paths.admin.dashboard.getHref(), { replace: true }), 300);
  };

  const { message, detail, symbol } = describe(result, t, lang);
  return (
    <article className={`scan scan-${result.state}`} aria-busy={result.state === 'loading'}>
      <p className="scan-title">{t('admin.scan.title')}</p>
      <div className="scan-symbol" aria-hidden="true">
        {symbol}
      </div>
      {/* Staff at the door hear the answer at once, whatever it is. */}
      <div role="status" aria-live="assertive" aria-atomic="true">
        <h1 ref={heading} tabIndex={-1} className="scan-message">
          {message}
        </h1>
        {detail && <p className="scan-detail">{detail}</p>}
      </div>
      <div className="scan-actions">
        {result.state === 'error' && (
          <button type="button" className="button scan-button" onClick={retry}>
            {t('admin.scan.retry')}
          </button>
        )}
        <button type="button" className="button secondary scan-button" onClick={close}>
          {t('admin.scan.close')}
        </button>
      </div>
    </article>
  );
}

function describe(
  result: Result,
  t: Translate,
  lang: Lang,
): { message: string; detail?: string; symbol: string } {
  switch (result.state) {
    case 'loading':
      return { message: t('admin.scan.loading'), symbol: '…' };
    case 'ok':
      return {
        message: t('admin.scan.success', { firstName: result.scan.firstName }),
        detail: fullName(result.scan),
        symbol: '✓',
      };
    case 'alreadyScanned':
      return {
        message: t('admin.scan.alreadyScanned', { scannedAt: formatDateTime(result.scan.scannedAt, lang) }),
        detail: fullName(result.scan),
        symbol: '!',
      };
    case 'notFound':
      return { message: t('admin.scan.notFound'), symbol: '✕' };
    case 'error':
      return { message: t('admin.scan.error'), detail: apiErrorText(t, result.error), symbol: '✕' };
  }
}

const fullName = (scan: Scan) => [scan.firstName, scan.lastName].filter(Boolean).join(' ');
