import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';

/**
 * "Send the payment again" for a mandate whose standing payment Bankgirot rejected (issue 39,
 * sendMandateAgain): asked first in an alert dialog that says what it does (focus on "no"; Escape
 * closes it), then the outcome in a live region, which stays once the mandate has moved on
 * (`available` false). `onDone` reloads the mandate (its state, its problems).
 */
export function SendAgain(props: {
  mandateId: string;
  name: string;
  available: boolean;
  onDone: () => void;
}) {
  const { mandateId, name, available, onDone } = props;
  const t = useCopy();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  async function send() {
    setBusy(true);
    try {
      await staffApi.call('sendMandateAgain', { mandateId });
      setSaid({ text: t('admin.autogiro.detail.sentAgain'), failed: false });
      onDone();
    } catch (err) {
      setSaid({ text: t('admin.autogiro.error', { message: apiErrorText(t, err) }), failed: true });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <section className="autogiro-send-again">
      {available && (
        <button ref={opener} type="button" className="button" onClick={() => setAsking(true)}>
          {t('admin.autogiro.detail.sendAgain')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={t('admin.autogiro.detail.sendAgain')}
          body={t('admin.autogiro.detail.sendAgainConfirm', { name })}
          confirm={t('admin.autogiro.detail.sendAgainYes')}
          keep={t('admin.autogiro.detail.sendAgainKeep')}
          busy={busy}
          onConfirm={() => void send()}
          onClose={() => {
            setAsking(false);
            opener.current?.focus();
          }}
        />
      )}
      <p role="status" className={said && !said.failed ? 'notice success' : undefined}>
        {said && !said.failed ? said.text : ''}
      </p>
      {said?.failed && (
        <p role="alert" className="notice">
          {said.text}
        </p>
      )}
    </section>
  );
}
