import {
  api,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  langAtom,
  personAtom,
  ticketDataAtom,
  signCompletedAtom,
  useCopy,
} from '@concert/shared/browser';
import type { PaymentData } from '@concert/shared/api';
import { DONATION_STEP, paths } from '@concert/shared/universal';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { useNavigate } from '@concert/shared/router';
import { AmountStepper } from '../../components/amount-stepper.js';
import { BankIdControl } from '../../components/bankid-control.js';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { useRefocus } from '../../components/use-refocus.js';
import { formatAmount } from '../../lib/format.js';

/** An existing member raises the monthly donation (SPEC.md §2, §5) and signs the raise with BankID. */
export function NewDonationAmountPage() {
  const user = useAtomValue(authenticatedUserAtom);
  const person = useAtomValue(personAtom);
  const paymentInfo = useAtomValue(autogiroPaymentInfoAtom);
  return (
    <RequireStep when={!!user && person.isMember && !!paymentInfo}>
      <NewDonationAmount paymentInfo={paymentInfo!} />
    </RequireStep>
  );
}

function NewDonationAmount({ paymentInfo }: { paymentInfo: PaymentData }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const person = useAtomValue(personAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const [userState, setUserState] = useAtom(autogiroUserStateAtom);
  const navigate = useNavigate();
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const [signing, setSigning] = useState(false);
  const signButton = useRefocus<HTMLButtonElement>(signing);
  const { previousAmount, minimumRaise } = paymentInfo;
  const raise = Math.max(userState?.raise ?? minimumRaise, minimumRaise);
  const monthlyTotal = previousAmount + raise;
  const kr = (amount: number) => formatAmount(amount, lang);

  const startSign = useCallback(() => {
    if (!ticket) return Promise.reject(new Error('noTicketId'));
    return api.call('startBankIDSign', {
      personalNumber: person.personalNumber,
      ticketId: ticket.ticketId,
      donationAmount: raise,
      signType: 'raise',
      lang,
    });
  }, [person.personalNumber, ticket, raise, lang]);

  function sign() {
    if (!ticket) return navigate(paths.visitor.error.getHref(lang, 'noTicketId'));
    setSigning(true);
  }

  return (
    <Page title={t('newDonationAmount.title')}>
      <p>{t('newDonationAmount.greeting', { firstName: person.firstName, currentAmount: kr(previousAmount) })}</p>
      <p>{t('newDonationAmount.requiredRaise', { minRaise: kr(minimumRaise) })}</p>
      <p>{t('newDonationAmount.lowestDonation', { lowestAmount: kr(previousAmount + minimumRaise) })}</p>
      <fieldset className="plain" disabled={signing}>
        <AmountStepper
          label={t('newDonationAmount.raise.label')}
          valueText={t('newDonationAmount.raise.value', { amount: kr(raise) })}
          value={raise}
          min={minimumRaise}
          step={DONATION_STEP}
          increaseLabel={t('newDonationAmount.increase')}
          decreaseLabel={t('newDonationAmount.decrease')}
          minimumNote={t('newDonationAmount.minimumReached', { minRaise: kr(minimumRaise) })}
          onChange={(next) => setUserState({ raise: next, monthlyAmount: previousAmount + next })}
        />
      </fieldset>
      <p className="total" aria-live="polite">
        {t('newDonationAmount.monthlyTotal', { monthlyTotal: kr(monthlyTotal) })}
      </p>
      <CopyText text={t('newDonationAmount.signInfo')} />
      {signing ? (
        <BankIdControl
          purpose="sign"
          start={startSign}
          onComplete={() => {
            setSignCompleted(true);
            navigate(paths.visitor.gotToken.getHref(lang));
          }}
          onCancel={() => setSigning(false)}
          ticketId={ticket?.ticketId}
          source="newDonationAmount"
        />
      ) : (
        <button ref={signButton} type="button" className="button" onClick={sign}>
          {t('newDonationAmount.sign')}
        </button>
      )}
    </Page>
  );
}
