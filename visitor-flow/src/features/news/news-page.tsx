import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/** The sample articles (SPEC.md §2: placeholder content); the hash is the article id. */
const ARTICLES = ['lineup', 'monthlyDonors'] as const;
const isArticle = (id: string): id is (typeof ARTICLES)[number] =>
  (ARTICLES as readonly string[]).includes(id);

export function NewsPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const id = decodeURIComponent(useLocation().hash.slice(1));
  if (!id) {
    return (
      <Page title={t('news.title')}>
        <ul className="news-list">
          {ARTICLES.map((article) => (
            <li key={article}>
              <h2>{t(`news.articles.${article}.title`)}</h2>
              <Link
                to={paths.visitor.news.getHref(lang, article)}
                aria-label={`${t('news.readMore')}: ${t(`news.articles.${article}.title`)}`}
              >
                {t('news.readMore')}
              </Link>
            </li>
          ))}
        </ul>
      </Page>
    );
  }
  const known = isArticle(id);
  return (
    <Page key={id} title={known ? t(`news.articles.${id}.title`) : t('news.title')}>
      {known ? <CopyText text={t(`news.articles.${id}.body`)} /> : <p role="alert">{t('news.notFound')}</p>}
      <p>
        <Link className="button secondary" to={paths.visitor.news.getHref(lang)}>
          {t('news.back')}
        </Link>
      </p>
    </Page>
  );
}
