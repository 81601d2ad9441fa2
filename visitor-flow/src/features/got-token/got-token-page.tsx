import { langAtom, personAtom, signCompletedAtom, ticketDataAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';

/** The ticket is booked and the confirmation is on its way (SPEC.md §2). */
export function GotTokenPage() {
  const person = useAtomValue(personAtom);
  const signed = useAtomValue(signCompletedAtom);
  return (
    <RequireStep when={signed && !!person.email}>
      <GotToken />
    </RequireStep>
  );
}

function GotToken() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const person = useAtomValue(personAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  // SPEC.md §4: gotToken clears the hold's countdown; the ticket is confirmed.
  useEffect(() => setTicket(null), [setTicket]);
  return (
    <Page title={t('gotToken.title', { firstName: person.firstName })} className="confirmation">
      <CopyText text={t('gotToken.thanks')} />
      <p className="notice" role="status">
        {t('gotToken.sent', { email: person.email })}
      </p>
      <CopyText text={t('gotToken.ticketCode')} />
      <p>{t('gotToken.spam')}</p>
      <CopyText text={t('gotToken.support')} />
      <p>
        <Link to={paths.visitor.faq.getHref(lang)}>{t('shell.footer.faq')}</Link>
      </p>
    </Page>
  );
}
