import { useCopy } from '@concert/shared/browser';
import { CopyText, Page } from '../../components/page.js';

/** The questions in reading order; each has `faq.<id>.question` and `faq.<id>.answer`. */
const QUESTIONS = [
  'date',
  'venue',
  'ageLimit',
  'fee',
  'ticketEmail',
  'autogiro',
  'raiseDonation',
  'bankId',
  'holdTime',
  'queue',
  'noPersonalNumber',
  'accessibility',
  'cancelDonation',
  'noEmail',
] as const;

export function FaqPage() {
  const t = useCopy();
  return (
    <Page title={t('faq.title')}>
      <p>{t('faq.intro')}</p>
      <div className="faq">
        {QUESTIONS.map((q) => (
          <section key={q} aria-labelledby={`faq-${q}`}>
            <h2 id={`faq-${q}`}>{t(`faq.${q}.question`)}</h2>
            <CopyText text={t(`faq.${q}.answer`)} />
          </section>
        ))}
      </div>
    </Page>
  );
}
