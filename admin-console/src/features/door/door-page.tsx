import { ApiError, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { Answer } from '@concert/shared/api';
import { formatDateTime, TextField } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';

type Result = { state: 'idle' | 'checking' } | { state: 'done'; scan: Answer<'scanTicket'> } | { state: 'notFound' } | { state: 'failed'; error: unknown };

/**
 * admin/door: where door staff land. Checks a ticket in by its code (a printed code, or a phone
 * whose screen will not scan), with the same rules and records as scanning its QR code.
 */
export function DoorPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result>({ state: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const externalTicketId = code.trim();
    if (!externalTicketId || result.state === 'checking') return;
    setResult({ state: 'checking' });
    try {
      setResult({ state: 'done', scan: await staffApi.call('scanTicket', { externalTicketId }) });
      setCode('');
    } catch (error) {
      setResult(error instanceof ApiError && error.status === 'NOT_FOUND' ? { state: 'notFound' } : { state: 'failed', error });
    }
  };

  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.door.title')}</h1>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField name="ticketCode" label={t('admin.door.code.label')} autoComplete="off" autoCapitalize="none" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className="button" disabled={result.state === 'checking'}>
          {t('admin.door.checkIn')}
        </button>
      </form>
      {/* There before any answer, so the answer is announced as soon as it comes. */}
      <div role="status" aria-live="assertive" aria-atomic="true" className="admin-result">
        {result.state === 'done' && (
          <p className={`notice ${result.scan.outcome === 'OK' ? 'success' : ''}`}>
            {result.scan.outcome === 'OK'
              ? t('admin.scan.success', { firstName: result.scan.firstName, lastName: result.scan.lastName })
              : t('admin.scan.alreadyScanned', { firstName: result.scan.firstName, lastName: result.scan.lastName, scannedAt: formatDateTime(result.scan.scannedAt, lang) })}
          </p>
        )}
        {result.state === 'notFound' && <p className="notice">{t('admin.scan.notFound')}</p>}
        {result.state === 'failed' && <p className="notice">{t('admin.scan.error')}</p>}
      </div>
    </article>
  );
}
