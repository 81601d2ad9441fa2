import { langAtom, paths, useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router';

/** The message for an error id of SPEC.md §8, or 'Message: id' for an unknown one, with support and a restart link. */
export function ErrorPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { messageId = '' } = useParams();
  const key = `error.messages.${messageId}`;
  const text = t(key);
  return (
    <article role="alert">
      <h1>{t('error.title')}</h1>
      <p className="error-message">{text === key ? t('error.unknownMessage', { id: messageId }) : text}</p>
      <p>{t('error.support')}</p>
      <p>
        <Link className="button" to={paths.start(lang)} reloadDocument>
          {t('error.restart')}
        </Link>
      </p>
    </article>
  );
}
