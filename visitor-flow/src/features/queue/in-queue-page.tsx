import { langAtom, queuedEmailAtom, ticketDataAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
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
  return (
    <Page title={t('inQueue.title')} className="confirmation">
      <p className="notice" role="status">
        {t('inQueue.body', { email })}
      </p>
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('inQueue.back')}
        </Link>
      </p>
    </Page>
  );
}
