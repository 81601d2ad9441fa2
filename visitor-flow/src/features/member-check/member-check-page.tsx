import {
  api,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  bankIdOrderAtom,
  concertStatusAtom,
  flowRestoredAtom,
  furthestStepAtom,
  langAtom,
  memberCheckDraftAtom,
  memberQueueAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  queueOfferAtom,
  saleFiguresAtom,
  signCompletedAtom,
  ticketDataAtom,
  useCopy,
} from '@concert/shared/browser';
import type { BankIdUser, PersonalInfo } from '@concert/shared/api';
import { Checkbox, TextField, useForm } from '@concert/shared/ui';
import {
  isReservation,
  MIN_AGE,
  paths,
  ticketsLeftFirstAskMs,
  ticketsLeftPollMs,
  ticketsLeftShown,
  TICKETS_LEFT_POLL_SOON_MS,
} from '@concert/shared/universal';
import {
  ageOn,
  normalisePersonalNumber,
  personalNumberWarning,
  validateField,
  type ValidationMessageId,
} from '@concert/shared/validation';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from '@concert/shared/router';
import { BankIdControl, type BankIdLaunch } from '../../components/bankid-control.js';
import { CopyText, Page } from '../../components/page.js';
import { useGoToError } from '../../components/use-go-to-error.js';
import { useRefocus } from '../../components/use-refocus.js';

const AGE_WARNING_ID = 'age-warning';
const NO_PN_INFO_ID = 'no-personal-number-info';

/** SPEC.md §4: the co-address goes in front of the street, "c/o Name, Street 1". */
function addressWithCo(info: NonNullable<PersonalInfo['personInfo']>): string {
  const co = info.coAddress.trim();
  if (!co) return info.address;
  const prefixed = /^c\/o\b/i.test(co) ? co : `c/o ${co}`;
  return info.address ? `${prefixed}, ${info.address}` : prefixed;
}

/**
 * Personal number and e-mail (SPEC.md §5), the no-personal-number way out, age warnings before
 * BankID, then BankID identification and the member / non-member branch of SPEC.md §4.
 */
export function MemberCheckPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [ticket, setTicket] = useAtom(ticketDataAtom);
  const status = useAtomValue(concertStatusAtom);
  const fromQueueOffer = useAtomValue(queueOfferAtom);
  // A visitor holding a waiting-list offer's ticket came from the queue: not back there.
  const memberQueue = useAtomValue(memberQueueAtom) && !fromQueueOffer;
  const setPerson = useSetAtom(personAtom);
  const setAuthenticatedUser = useSetAtom(authenticatedUserAtom);
  const setPaymentInfo = useSetAtom(autogiroPaymentInfoAtom);
  const setUserState = useSetAtom(autogiroUserStateAtom);
  const setDetailsDone = useSetAtom(newMemberDetailsDoneAtom);
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const [draft, setDraft] = useAtom(memberCheckDraftAtom);
  const navigate = useNavigate();
  const goToError = useGoToError();
  const [noPersonalNumber, setNoPersonalNumber] = useState(false);
  const [identifying, setIdentifying] = useState<{ personalNumber: string; email: string } | null>(null);
  // BankID identified the visitor, and every ticket was reserved or sold by then (issue 27).
  const [soldOut, setSoldOut] = useState(false);
  const setStatus = useSetAtom(concertStatusAtom);
  const continueButton = useRefocus<HTMLButtonElement>(!!identifying);
  const restored = useAtomValue(flowRestoredAtom);
  const furthest = useAtomValue(furthestStepAtom);
  const authenticatedUser = useAtomValue(authenticatedUserAtom);
  const pendingOrder = useAtomValue(bankIdOrderAtom);

  // Back from the BankID app (or a reload) while identification was under way: its polling resumes.
  useEffect(() => {
    if (pendingOrder?.purpose !== 'auth' || identifying) return;
    const personalNumber = normalisePersonalNumber(draft.personalNumber);
    if (personalNumber) setIdentifying({ personalNumber, email: draft.email.trim() });
  }, [pendingOrder, identifying, draft]);

  // SPEC.md §4: memberCheck sends the visitor to the queue when tickets run out.
  // A visitor holding a waiting-list offer's ticket stays: the sale is in Queue because of it.
  useEffect(() => {
    if (status === 'Queue' && !fromQueueOffer)
      navigate(paths.visitor.toQueue.getHref(lang), { replace: true });
  }, [status, fromQueueOffer, lang, navigate]);

  const pn12 = normalisePersonalNumber(draft.personalNumber);
  const warning = pn12 ? personalNumberWarning(pn12, new Date()) : null;

  const form = useForm<{ personalNumber: string; email: string }, ValidationMessageId>({
    values: draft,
    onChange: (field, value) => setDraft((d) => ({ ...d, [field]: value })),
    fields: ['personalNumber', 'email'],
    validate: (field, value) => validateField(field, value),
    onSubmit: (values) => {
      const email = values.email.trim();
      setPerson((p) => ({ ...p, personalNumber: pn12!, email }));
      if (warning) return navigate(paths.visitor.underAge.getHref(lang));
      // Without a place (a link opened in a new tab) identification still reserves a ticket if any are left.
      setIdentifying({ personalNumber: pn12!, email });
    },
  });
  const { errors } = form;

  const startAuth = useCallback(
    ({ returnTo, returnKey }: BankIdLaunch) =>
      api.call('startBankIDAuth', { personalNumber: identifying!.personalNumber, returnTo, returnKey }),
    [identifying],
  );

  async function identified(user: BankIdUser) {
    const email = identifying!.email;
    const personalNumber = user.personalNumber;
    setAuthenticatedUser(user);
    setDetailsDone(false);
    setSignCompleted(false);
    if (ageOn(personalNumber, new Date()) < MIN_AGE) return navigate(paths.visitor.underAge.getHref(lang));
    let info: PersonalInfo;
    try {
      info = await api.call('getPersonalInfo', { personalNumber, email });
    } catch (err) {
      return goToError(err);
    }
    // Identification decided: a reservation, or the tickets are gone. Said here, before any details or signing.
    if (!isReservation(info.ticketData)) {
      setTicket(null);
      setPerson((p) => ({
        ...p,
        personalNumber,
        email,
        firstName: user.givenName,
        lastName: user.surname,
        isMember: info.type === 'member',
      }));
      setIdentifying(null);
      setSoldOut(true);
      return;
    }
    setTicket(info.ticketData);
    if (info.type === 'member') {
      setPerson((p) => ({
        ...p,
        personalNumber,
        email,
        firstName: user.givenName,
        lastName: user.surname,
        isMember: true,
        personId: info.personId,
        paymentType: info.paymentType,
      }));
      if (memberQueue) return navigate(paths.visitor.toQueue.getHref(lang));
      if (info.paymentType !== 1) return navigate(paths.visitor.error.getHref(lang, 'noPaymentInfo'));
      setPaymentInfo(info.paymentData);
      const raise = info.paymentData.minimumRaise;
      setUserState({ raise, monthlyAmount: info.paymentData.previousAmount + raise });
      return navigate(paths.visitor.newDonationAmount.getHref(lang));
    }
    const registered = info.personInfo;
    setPerson((p) => ({
      ...p,
      personalNumber,
      email,
      firstName: registered?.firstName || user.givenName,
      lastName: registered?.lastName || user.surname,
      address: registered ? addressWithCo(registered) : '',
      zipCode: registered?.zipCode ?? '',
      city: registered?.city ?? '',
      isMember: false,
      personId: info.personId,
      paymentType: 0,
    }));
    setPaymentInfo(info.paymentData);
    setUserState(null);
    navigate(paths.visitor.becomeMember.getHref(lang));
  }

  // Identified already in this session, with a reservation: never asked again, on to where the visitor was.
  if (
    restored &&
    authenticatedUser &&
    isReservation(ticket) &&
    !identifying &&
    !soldOut &&
    furthest !== 'memberCheck' &&
    furthest !== 'start'
  ) {
    return <Navigate to={paths.visitor[furthest].getHref(lang)} replace />;
  }

  if (soldOut) {
    return (
      <SoldOut
        onJoin={() => {
          // The queue page stays while the sale is in Queue; it moves on by itself if a ticket comes back.
          setStatus('Queue');
          navigate(paths.visitor.toQueue.getHref(lang));
        }}
      />
    );
  }

  return (
    <Page title={t('memberCheck.title')}>
      <CopyText text={t('memberCheck.intro')} />
      {!isReservation(ticket) && <NotReservedYet poll={!identifying} />}
      {identifying ? (
        <BankIdControl
          purpose="auth"
          start={startAuth}
          onComplete={identified}
          onCancel={() => setIdentifying(null)}
          ticketId={ticket?.ticketId}
          source="memberCheck"
        />
      ) : (
        <form noValidate onSubmit={form.submit}>
          <TextField
            name="personalNumber"
            label={t('memberCheck.personalNumber.label')}
            hint={t('memberCheck.personalNumber.hint')}
            error={errors.personalNumber && t(`validation.${errors.personalNumber}`)}
            value={draft.personalNumber}
            onChange={(e) => setDraft((d) => ({ ...d, personalNumber: e.target.value }))}
            onValidate={(value) => form.check('personalNumber', value)}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={20}
            describedBy={warning ? AGE_WARNING_ID : undefined}
          />
          {/* There, empty, from the start: a warning that appears in it is announced (WCAG 4.1.3). */}
          <div id={AGE_WARNING_ID} className={warning ? 'notice' : undefined} role="status">
            {warning && <p>{t('memberCheck.underAgePN')}</p>}
            {warning === 'guardianNote' && <p>{t('memberCheck.guardianNote')}</p>}
          </div>
          <TextField
            name="email"
            type="email"
            label={t('memberCheck.email.label')}
            hint={t('memberCheck.email.hint')}
            error={errors.email && t(`validation.${errors.email}`)}
            value={draft.email}
            onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
            onValidate={(value) => form.check('email', value)}
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
          />
          {/* Ticking it changes nothing but what is shown here (WCAG 3.2.2): the way on is a link. */}
          <Checkbox
            name="noPersonalNumber"
            label={t('memberCheck.noPersonalNumber.label')}
            checked={noPersonalNumber}
            aria-controls={NO_PN_INFO_ID}
            onChange={(e) => setNoPersonalNumber(e.target.checked)}
          />
          <div id={NO_PN_INFO_ID} role="status">
            {noPersonalNumber && (
              <div className="notice">
                <p>{t('memberCheck.noPersonalNumber.info')}</p>
                <p>
                  <Link to={paths.visitor.specialCases.getHref(lang, 'noPersonalId')}>
                    {t('memberCheck.noPersonalNumber.link')}
                  </Link>
                </p>
              </div>
            )}
          </div>
          <button ref={continueButton} type="submit" className="button">
            {t('memberCheck.continue')}
          </button>
          <p className="more-links">
            <Link to={paths.visitor.specialCases.getHref(lang, 'accessibility')}>
              {t('memberCheck.accessibilityLink')}
            </Link>
          </p>
        </form>
      )}
    </Page>
  );
}

/**
 * Before BankID's identification the visitor holds a place, not a ticket (issue 27): the page says
 * so, what gets them one, and about how many tickets are left, asked again every few seconds (not
 * while BankID identifies them: a status change must not take them off the page then).
 */
function NotReservedYet({ poll }: { poll: boolean }) {
  const t = useCopy();
  const [figures, setFigures] = useAtom(saleFiguresAtom);
  const store = useStore();
  useEffect(() => {
    if (!poll) return;
    // Only the figures: the visitor's own place counts as taken, so the status may say Queue while
    // the place is theirs to turn into a ticket (identification decides, and says so).
    // Asked again soon while few are left, seldom while plenty are (ticketsLeftPollMs; the status
    // is cached 1 s at the edge); after a failed ask, soon. A count the page already holds (the
    // status inlined with it, or asked a moment ago) is asked again when that rule says, counted
    // from its arrival, not at once (ticketsLeftFirstAskMs).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = () =>
      void api
        .getConcertStatus()
        .then(
          (s) => {
            setFigures({ ticketsLeft: s.ticketsLeft, holdMinutes: s.holdMinutes, receivedAt: Date.now() });
            return ticketsLeftPollMs(s.ticketsLeft);
          },
          () => TICKETS_LEFT_POLL_SOON_MS,
        )
        .then((delay) => {
          if (!stopped) timer = setTimeout(ask, delay);
        });
    const held = store.get(saleFiguresAtom);
    const first = ticketsLeftFirstAskMs(
      held && { ticketsLeft: held.ticketsLeft, ageMs: Date.now() - held.receivedAt },
    );
    if (first === 0) ask();
    else timer = setTimeout(ask, first);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [poll, setFigures, store]);
  const shown = figures && figures.ticketsLeft > 0 ? ticketsLeftShown(figures.ticketsLeft) : null;
  return (
    <div className="notice not-reserved">
      <p>{t('memberCheck.place.notYet')}</p>
      {/* Polite: a changed count is read out when the reader is idle, never as an interruption. Its
          line is kept while the count is on its way (the server paints the page without it). */}
      <p className="tickets-left" aria-live="polite">
        {shown &&
          (shown.exact && shown.count === 1
            ? t('memberCheck.place.lastTicket')
            : t(shown.exact ? 'memberCheck.place.ticketsLeftExact' : 'memberCheck.place.ticketsLeft', {
                ticketsLeft: shown.count,
              }))}
      </p>
    </div>
  );
}

/**
 * Identified, and the tickets are gone: said on this screen, with the way to the waiting list
 * (the e-mail given here is kept for it). A new Page, so its heading takes focus and is read out.
 */
function SoldOut({ onJoin }: { onJoin: () => void }) {
  const t = useCopy();
  return (
    <Page title={t('memberCheck.soldOut.title')}>
      <CopyText text={t('memberCheck.soldOut.body')} />
      <button type="button" className="button" onClick={onJoin}>
        {t('memberCheck.soldOut.join')}
      </button>
    </Page>
  );
}
