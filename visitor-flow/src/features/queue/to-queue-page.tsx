import {
  api,
  concertStatusAtom,
  FirstPaintOr,
  firstPaintMovesTo,
  langAtom,
  memberQueueAtom,
  personAtom,
  queuedEmailAtom,
  ticketDataAtom,
  useCopy,
} from '@concert/shared/browser';
import { Loading, TextField, useForm } from '@concert/shared/ui';
import { paths, queuePageMovesOn } from '@concert/shared/universal';
import { validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { useGoToError } from '../../components/use-go-to-error.js';

type QueueField = 'email' | 'firstName' | 'lastName';
const QUEUE_FIELDS: readonly QueueField[] = ['email', 'firstName', 'lastName'];

/** How often the queue page asks whether tickets are available again. */
const STATUS_POLL_MS = 5000;

/** Sold out: e-mail, first and last name, then enterQueue (SPEC.md §2, §4). */
export function ToQueuePage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [person, setPerson] = useAtom(personAtom);
  const [status, setStatus] = useAtom(concertStatusAtom);
  const memberQueue = useAtomValue(memberQueueAtom);
  const [ticket, setTicket] = useAtom(ticketDataAtom);
  const setQueuedEmail = useSetAtom(queuedEmailAtom);
  const navigate = useNavigate();
  const goToError = useGoToError();
  const form = useForm<Record<QueueField, string>, ValidationMessageId, void>({
    initial: { email: person.email, firstName: person.firstName, lastName: person.lastName },
    fields: QUEUE_FIELDS,
    validate: (field, value) => validateField(field, value),
    onSubmit: async (values) => {
      const entry = {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      };
      try {
        await api.call('enterQueue', { person: entry, lang });
        setPerson((p) => ({ ...p, ...entry }));
        setQueuedEmail(entry.email);
        navigate(paths.visitor.inQueue.getHref(lang));
      } catch (err) {
        goToError(err);
      }
    },
  });
  const { values, errors } = form;
  const busy = form.submission.state === 'submitting';

  // While the visitor waits here the status is asked again, so they notice when tickets are back.
  useEffect(() => {
    const timer = setInterval(() => {
      api
        .getConcertStatus()
        .then((s) => setStatus(s.concertStatus))
        .catch(() => undefined);
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [setStatus]);

  // SPEC.md §4: when the status leaves Queue the visitor goes back to memberCheck (#member or #nonMember)
  // with a ticket held; a member sent here by the member-queue flag stays.
  const backToMemberCheck = useEffectEvent(async () => {
    try {
      if (!ticket) setTicket(await api.call('register', {}));
      const memberCheck = paths.visitor.memberCheck.getHref(lang);
      // What a fresh load shows here is the server's memberCheck: kept while memberCheck's own code loads.
      firstPaintMovesTo(memberCheck);
      navigate(`${memberCheck}#${person.isMember ? 'member' : 'nonMember'}`, { replace: true });
    } catch (err) {
      goToError(err);
    }
  });
  const leaving = queuePageMovesOn(status, { memberQueue, isMember: person.isMember });
  useEffect(() => {
    if (leaving) void backToMemberCheck();
  }, [leaving]);

  const field = (
    name: QueueField,
    extra: { type?: string; autoComplete: string; inputMode: 'email' | 'text' },
  ) => (
    <TextField
      name={name}
      label={t(`toQueue.${name}.label`)}
      error={errors[name] && t(`validation.${errors[name]}`)}
      value={values[name]}
      onChange={(e) => form.change(name, e.target.value)}
      onValidate={(value) => form.check(name, value)}
      required
      maxLength={name === 'email' ? 254 : 100}
      {...extra}
    />
  );

  // On its way to memberCheck the form is not shown: a fresh load keeps what the server painted
  // for it while the sale is open (memberCheck, app/first-paint.tsx), so the visitor sees the page
  // they land on at once and nothing changes under their eyes.
  if (leaving) return <FirstPaintOr fallback={<Loading className="screen-loading" />} />;

  return (
    <Page title={t('toQueue.title')}>
      <CopyText text={t('toQueue.intro')} />
      <form noValidate onSubmit={form.submit}>
        {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {field('firstName', { autoComplete: 'given-name', inputMode: 'text' })}
        {field('lastName', { autoComplete: 'family-name', inputMode: 'text' })}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t(busy ? 'toQueue.joining' : 'toQueue.join')}
        </button>
      </form>
    </Page>
  );
}
