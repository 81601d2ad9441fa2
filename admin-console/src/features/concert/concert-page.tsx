import { ApiError, apiErrorText, langAtom, staffApi, useCopy, type Translate } from '@concert/shared/browser';
import type { Concert, ConcertAnswer, ConcertRefusal } from '@concert/shared/api';
import { useAtomValue } from 'jotai';
import {
  Checkbox,
  fieldId,
  focusField,
  Loading,
  TextField,
  Unavailable,
  useApiQuery,
} from '@concert/shared/ui';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { concertDateText } from '../../lib/concert-time.js';
import { ConcertPreview } from './concert-preview.js';
import { NextConcert } from './next-concert.js';
import {
  changedFacts,
  factsOf,
  factsOfConcert,
  FORM_ORDER,
  formFieldNamed,
  isNoticeChange,
  refusalsOf,
  valuesOf,
  type ConcertField,
  type ConcertValues,
} from './concert-values.js';
import './concert.css';

/** A draft has sold nothing: no tickets taken, nobody to tell. */
const draftAnswer = (concert: Concert): ConcertAnswer => ({ concert, taken: 0, holders: 0, queueWaiting: 0 });

/**
 * admin/concert: the office sets the current concert's facts (issue 38), and prepares the next
 * one as a draft (copied from this one) that it publishes when ready.
 */
export function ConcertPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const current = useApiQuery(['getConcert'], () => staffApi.call('getConcert', {}));
  const list = useApiQuery(['listConcerts'], () => staffApi.call('listConcerts', {}));
  const [draftId, setDraftId] = useState<number | null>(null);
  const editingNote = useRef<HTMLParagraphElement>(null);
  const drafts = (list.data?.concerts ?? []).filter((c) => c.status === 'draft');
  const draft = drafts.find((c) => c.id === draftId);
  const editing = draft ? draftAnswer(draft) : current.data;

  const editDraft = (concert: Concert) => {
    setDraftId(concert.id);
    // The form is above: take the office there, to the sentence that says what it changes.
    setTimeout(() => editingNote.current?.focus(), 0);
  };
  const replaceDraft = (concert: Concert) =>
    list.setData((l) => l && { concerts: l.concerts.map((c) => (c.id === concert.id ? concert : c)) });

  return (
    <article className="admin-page concert-page">
      <h1 tabIndex={-1}>{t('admin.concert.title')}</h1>
      <p>{t('admin.concert.intro')}</p>
      {current.failure !== null && !current.data && (
        <Unavailable
          message={t('admin.concert.loadError', { message: apiErrorText(t, current.failure) })}
          retry={{ label: t('admin.concert.retry'), onRetry: () => void current.reload() }}
        />
      )}
      {!current.data && current.failure === null && <Loading className="admin-loading" />}
      {editing && (
        <>
          <p ref={editingNote} tabIndex={-1} className={draft ? 'notice' : undefined}>
            {draft
              ? t('admin.concert.editing.draft', {
                  date: concertDateText(draft.startsAt, lang) ?? draft.startsAt,
                })
              : t('admin.concert.editing.current')}
          </p>
          {draft && (
            <button type="button" className="button secondary" onClick={() => setDraftId(null)}>
              {t('admin.concert.editing.back')}
            </button>
          )}
          <ConcertForm
            key={editing.concert.id}
            answer={editing}
            onSaved={(answer) => (draft ? replaceDraft(answer.concert) : current.setData(answer))}
            refresh={draft ? async () => editing : () => staffApi.call('getConcert', {})}
          />
        </>
      )}
      {current.data && (
        <NextConcert
          from={current.data.concert}
          drafts={drafts}
          onCopied={(concert) => {
            list.setData((l) => ({ concerts: [concert, ...(l?.concerts ?? [])] }));
            editDraft(concert);
          }}
          onEdit={editDraft}
          onPublished={() => {
            setDraftId(null);
            void current.reload();
            void list.reload();
          }}
        />
      )}
    </article>
  );
}

type Errors = Partial<Record<ConcertField, string>>;
type Outcome = { saved: true; notified: number | null } | { saved: false; unchanged: true } | null;

/** A refusal in the office's words: the copy's `admin.concert.rules.<rule>` with its numbers. */
function refusalText(t: Translate, { rule, count, min, max }: ConcertRefusal): string {
  const vars: Record<string, number> = {};
  if (count !== undefined) vars.count = count;
  if (min !== undefined) vars.min = min;
  if (max !== undefined) vars.max = max;
  return t(`admin.concert.rules.${rule}`, vars);
}

function ConcertForm({
  answer,
  onSaved,
  refresh,
}: {
  answer: ConcertAnswer;
  onSaved: (answer: ConcertAnswer) => void;
  /** The concert as it is now: after a refusal, the tickets taken may have moved. */
  refresh: () => Promise<ConcertAnswer>;
}) {
  const t = useCopy();
  const { concert, holders, queueWaiting } = answer;
  const [values, setValues] = useState<ConcertValues>(() => valuesOf(concert));
  const [errors, setErrors] = useState<Errors>({});
  const [notify, setNotify] = useState(true);
  const [notifyQueue, setNotifyQueue] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [summaryRound, setSummaryRound] = useState(0);
  useEffect(() => {
    if (summaryRound > 0) summary.current?.focus();
  }, [summaryRound]);

  const facts = factsOf(values);
  const changed = changedFacts(facts, factsOfConcert(concert));
  const asksNotice = holders > 0 && isNoticeChange(changed);

  const showErrors = (found: Errors) => {
    setErrors(found);
    setSummaryRound((n) => n + 1);
  };

  /** Every refusal of the values, as the office reads them, by field. */
  const refusalsNow = (taken: number): Errors =>
    Object.fromEntries(
      Object.entries(refusalsOf(values, taken)).map(([field, refusal]) => [field, refusalText(t, refusal)]),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    setFailure(null);
    const found = refusalsNow(answer.taken);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    if (Object.keys(changed).length === 0) return setOutcome({ saved: false, unchanged: true });
    setSaving(true);
    try {
      const saved = await staffApi.call('saveConcert', {
        id: concert.id,
        ...changed,
        ...(asksNotice && { notify, notifyQueue: queueWaiting > 0 && notifyQueue }),
      });
      const { notified, ...next } = saved;
      setValues(valuesOf(next.concert));
      setNotify(true);
      setNotifyQueue(false);
      setOutcome({ saved: true, notified: asksNotice || notified > 0 ? notified : null });
      onSaved(next);
    } catch (err) {
      const field =
        err instanceof ApiError && err.status === 'INVALID_ARGUMENT' ? formFieldNamed(err.sentMessage) : null;
      if (!field) {
        setFailure(err);
      } else {
        // The server's rules are these rules: with today's count of tickets taken, say which one.
        const now = await refresh().catch(() => answer);
        showErrors({ [field]: refusalsNow(now.taken)[field] ?? t('admin.concert.serverRefused') });
      }
    } finally {
      setSaving(false);
    }
  }

  /** A text field's props: its value, label, error and change handler. */
  const bind = (name: ConcertField, extra: { type?: string; inputMode?: 'numeric' } = {}) => ({
    name,
    label: t(`admin.concert.fields.${name as Exclude<ConcertField, 'admission'>}`),
    value: values[name],
    error: errors[name] ?? null,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    ...extra,
  });
  const number = { type: 'text', inputMode: 'numeric' } as const;
  const listed = FORM_ORDER.filter((field) => errors[field]);

  return (
    <>
      <p>{t('admin.concert.taken', { count: answer.taken })}</p>
      {/* Exists before a save ends, so what happened is announced (WCAG 4.1.3). */}
      <div className="admin-result" role="status" aria-live="polite">
        {outcome?.saved && (
          <div className="notice success">
            <p>{t('admin.concert.saved')}</p>
            {outcome.notified !== null && <p>{t('admin.concert.notified', { count: outcome.notified })}</p>}
          </div>
        )}
        {outcome && !outcome.saved && <p className="notice">{t('admin.concert.unchanged')}</p>}
      </div>
      {failure !== null && (
        <p className="notice" role="alert">
          {t('admin.concert.saveError', { message: apiErrorText(t, failure) })}
        </p>
      )}
      {listed.length > 0 && (
        <div
          ref={summary}
          className="notice error-summary"
          tabIndex={-1}
          role="group"
          aria-labelledby="concert-errors-title"
        >
          <h2 id="concert-errors-title">{t('admin.concert.summary')}</h2>
          <ul>
            {listed.map((field) => (
              <li key={field}>
                <a
                  href={`#${fieldId(field)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    focusField(field);
                  }}
                >
                  {field === 'admission' ? t('admin.concert.admission') : bind(field).label}: {errors[field]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="concert-form">
        <Group legend={t('admin.concert.when')}>
          <TextField {...bind('date')} type="date" />
          <div className="concert-times">
            <TextField {...bind('doorsAt')} type="time" />
            <TextField {...bind('startsAt')} type="time" />
            <TextField {...bind('endsAt')} type="time" hint={t('admin.concert.fields.endsAtHint')} />
          </div>
        </Group>
        <Group legend={t('admin.concert.place')}>
          <TextField {...bind('venue')} autoComplete="off" />
          <TextField {...bind('address')} autoComplete="off" />
          <TextField {...bind('city')} autoComplete="off" />
        </Group>
        <Group legend={t('admin.concert.sale')}>
          <TextField {...bind('capacity', number)} />
          <TextField {...bind('saleOpensAt')} type="datetime-local" />
          <TextField {...bind('saleClosesAt')} type="datetime-local" />
          <TextField {...bind('ticketEmailAt')} type="datetime-local" />
          <TextField {...bind('holdMinutes', number)} />
        </Group>
        <Group legend={t('admin.concert.amounts')}>
          <TextField {...bind('minNewMemberAmount', number)} />
          <TextField {...bind('minRaise', number)} />
          <TextField {...bind('donationStep', number)} />
          <TextField
            {...bind('raisePresets')}
            hint={t('admin.concert.fields.raisePresetsHint')}
            autoComplete="off"
          />
        </Group>
        <Group legend={t('admin.concert.admission')}>
          {(['door', 'seller'] as const).map((admission) => (
            <label key={admission} className="radio">
              <input
                type="radio"
                name="admission"
                value={admission}
                {...(admission === 'door' && { id: fieldId('admission') })}
                checked={values.admission === admission}
                onChange={() => setValues((v) => ({ ...v, admission }))}
              />
              <span>
                {t(
                  admission === 'door'
                    ? 'admin.concert.fields.admissionDoor'
                    : 'admin.concert.fields.admissionSeller',
                )}
              </span>
            </label>
          ))}
          {values.admission === 'seller' && (
            <>
              <TextField {...bind('sellerName')} autoComplete="off" />
              <TextField {...bind('sellerFee', number)} />
            </>
          )}
        </Group>
        {asksNotice && (
          <Group legend={t('admin.concert.notify.legend')}>
            <Checkbox
              name="notify"
              label={t('admin.concert.notify.holders', { count: holders })}
              checked={notify}
              onChange={(e) => setNotify(e.target.checked)}
            />
            {queueWaiting > 0 && (
              <Checkbox
                name="notifyQueue"
                label={t('admin.concert.notify.queue', { count: queueWaiting })}
                checked={notifyQueue}
                onChange={(e) => setNotifyQueue(e.target.checked)}
              />
            )}
          </Group>
        )}
        <button type="submit" className="button" disabled={saving}>
          {t(saving ? 'admin.concert.submitting' : 'admin.concert.submit')}
        </button>
      </form>
      <ConcertPreview facts={facts} />
    </>
  );
}

/** A group of fields under its legend. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="concert-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
