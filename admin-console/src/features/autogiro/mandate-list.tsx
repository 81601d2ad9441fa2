import { langAtom, useCopy } from '@concert/shared/browser';
import { MANDATE_STATES, type AutogiroOverview, type MandateState } from '@concert/shared/api';
import { paths } from '@concert/shared/universal';
import { formatAmount } from '@concert/shared/ui';
import { Link } from '@concert/shared/router';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import { codeText, stateText } from '../../components/mandate-texts.js';

/** The mandates by state and the new monthly kronor on their way. */
export function Counts({ overview }: { overview: AutogiroOverview }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  return (
    <section aria-labelledby="autogiro-counts">
      <h2 id="autogiro-counts">{t('admin.autogiro.counts')}</h2>
      <p className="autogiro-new">
        {t('admin.autogiro.newMonthly', { amount: formatAmount(overview.newMonthlyKronor, lang) })}
      </p>
      <dl className="autogiro-counts">
        {MANDATE_STATES.map((s) => (
          <div key={s} data-state={s}>
            <dt>{stateText(t, s)}</dt>
            <dd>{overview.counts[s]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The mandates, filtered by state, each opening its history and evidence. */
export function MandateList({ overview }: { overview: AutogiroOverview }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const id = useId();
  const [shown, setShown] = useState<MandateState | ''>('');
  const mandates = overview.mandates.filter((m) => !shown || m.state === shown);
  let body: ReactNode;
  if (mandates.length === 0) body = <p>{t('admin.autogiro.list.empty')}</p>;
  else
    body = (
      <ul className="autogiro-cards">
        {mandates.map((m) => (
          <li key={m.id} className="autogiro-card" data-state={m.state}>
            <p className="autogiro-name">{m.name}</p>
            {m.email && <p className="autogiro-meta">{m.email}</p>}
            <p>
              <span className={`autogiro-state ${m.state}`}>{stateText(t, m.state)}</span> ·{' '}
              {t('admin.autogiro.list.amount', { amount: formatAmount(m.monthlyAmount, lang) })}
            </p>
            {m.commentCode && <p className="autogiro-code">{codeText(t, m.commentCode)}</p>}
            <p className="autogiro-meta" data-testid="last-draw">
              {m.lastDraw
                ? t('admin.autogiro.list.lastDraw', {
                    date: m.lastDraw.dueDate,
                    amount: formatAmount(m.lastDraw.amount, lang),
                    state: t(`admin.autogiro.draws.results.${m.lastDraw.result}`, { code: m.lastDraw.code }),
                  })
                : t('admin.autogiro.list.noDraw')}
            </p>
            {m.nextDrawDate && (
              <p className="autogiro-meta">{t('admin.autogiro.list.nextDraw', { date: m.nextDrawDate })}</p>
            )}
            {m.problems > 0 && (
              <p className="autogiro-problems">{t('admin.autogiro.list.problems', { count: m.problems })}</p>
            )}
            <Link
              className="button secondary"
              to={paths.admin.autogiroMandate.getHref(m.id)}
              aria-label={t('admin.autogiro.list.openLabel', { name: m.name })}
            >
              {t('admin.autogiro.list.open')}
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="autogiro-list">
      <h2 id="autogiro-list">{t('admin.autogiro.list.title')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('admin.autogiro.list.filter')}</label>
        <select id={id} value={shown} onChange={(e) => setShown(e.target.value as MandateState | '')}>
          <option value="">{t('admin.autogiro.list.all')}</option>
          {MANDATE_STATES.map((s) => (
            <option key={s} value={s}>
              {`${stateText(t, s)} (${overview.counts[s]})`}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}
