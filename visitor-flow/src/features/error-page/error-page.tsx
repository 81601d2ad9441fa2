import { langAtom, useCopy } from '@concert/shared/browser';
import { errorMessageKey, isErrorId, paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { Link, useParams } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/** Ids the old product used under another spelling. */
export const LEGACY_IDS: Record<string, string> = { 'Scrive failed': 'scriveFailed' };

/** The message for an error id of SPEC.md §8, or 'Message: id' for an unknown one, with support and a restart link. */
export function ErrorPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { messageId = '' } = useParams();
  const id = LEGACY_IDS[messageId] ?? messageId;
  // The staff sign-in refusals have no page message (their texts are admin.login.errors.*).
  const known = isErrorId(id) && id !== 'unauthorized_domain' && id !== 'not_copy_admin';
  return (
    <Page key={messageId} title={t('error.title')} className="error-page">
      <p className="error-message" role="alert">
        {known ? t(errorMessageKey(id)) : t('error.unknownMessage', { id: messageId })}
      </p>
      <CopyText text={t('error.support')} />
      <p>
        {/* A full reload: whatever state led here is left behind. */}
        <Link className="button" to={paths.visitor.start.getHref(lang)} reloadDocument>
          {t('error.restart')}
        </Link>
      </p>
    </Page>
  );
}
