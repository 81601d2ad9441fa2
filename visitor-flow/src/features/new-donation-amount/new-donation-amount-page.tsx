import {
  api,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  concertFactsAtom,
  langAtom,
  personAtom,
  useCopy,
} from '@concert/shared/browser';
import type { PaymentData } from '@concert/shared/api';
import { formatAmount } from '@concert/shared/ui';
import { useAtom, useAtomValue } from 'jotai';
import { AmountStepper } from '../../components/amount-stepper.js';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { SignWithBankId, useSigning } from '../../components/sign-with-bank-id.js';
import type { BankIdLaunch } from '../../components/bankid-control.js';
import { ReservedNotice } from '../../components/reserved-notice.js';

/** Raises one tap away (issue 30 §8): this much over the lowest raise, each on its 10 kr grid. */
const RAISE_PRESETS_OVER_MINIMUM = [50, 100, 200] as const;

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
  const concert = useAtomValue(concertFactsAtom);
  const lang = useAtomValue(langAtom);
  const person = useAtomValue(personAtom);
  const [userState, setUserState] = useAtom(autogiroUserStateAtom);
  const { signing, begin, cancel, signButton } = useSigning();
  const { previousAmount, minimumRaise } = paymentInfo;
  const raise = Math.max(userState?.raise ?? minimumRaise, minimumRaise);
  const monthlyTotal = previousAmount + raise;
  const kr = (amount: number) => formatAmount(amount, lang);

  const startSign = (ticketId: string, { returnTo, returnKey }: BankIdLaunch) =>
    api.call('startBankIDSign', {
      personalNumber: person.personalNumber,
      returnTo,
      returnKey,
      ticketId,
      donationAmount: raise,
      signType: 'raise',
      lang,
    });

  return (
    <Page title={t('newDonationAmount.title')}>
      <ReservedNotice />
      <p>
        {t('newDonationAmount.greeting', { firstName: person.firstName, currentAmount: kr(previousAmount) })}
      </p>
      <p>{t('newDonationAmount.requiredRaise', { minRaise: kr(minimumRaise) })}</p>
      <p>{t('newDonationAmount.lowestDonation', { lowestAmount: kr(previousAmount + minimumRaise) })}</p>
      <fieldset className="plain" disabled={signing}>
        <AmountStepper
          label={t('newDonationAmount.raise.label')}
          hint={t('newDonationAmount.raise.hint', { minRaise: kr(minimumRaise) })}
          valueText={t('newDonationAmount.raise.value', { amount: kr(raise) })}
          value={raise}
          min={minimumRaise}
          step={concert?.donationStep ?? 1}
          increaseLabel={t('newDonationAmount.increase')}
          decreaseLabel={t('newDonationAmount.decrease')}
          minimumNote={t('newDonationAmount.minimumReached', { minRaise: kr(minimumRaise) })}
          presets={{
            label: t('newDonationAmount.presets.label'),
            amounts: RAISE_PRESETS_OVER_MINIMUM.map((over) => minimumRaise + over),
            text: (amount) => t('newDonationAmount.raise.value', { amount: kr(amount) }),
          }}
          typed={{
            label: t('newDonationAmount.typed.label'),
            roundedNote: (amount) =>
              t('newDonationAmount.typed.rounded', { minRaise: kr(minimumRaise), amount: kr(amount) }),
            invalidNote: t('newDonationAmount.typed.invalid'),
          }}
          onChange={(next) => setUserState({ raise: next, monthlyAmount: previousAmount + next })}
        />
      </fieldset>
      <p className="total" aria-live="polite">
        {t('newDonationAmount.monthlyTotal', { monthlyTotal: kr(monthlyTotal) })}
      </p>
      <CopyText text={t('newDonationAmount.signInfo')} />
      {signing ? (
        <SignWithBankId start={startSign} onCancel={cancel} source="newDonationAmount" />
      ) : (
        <button ref={signButton} type="button" className="button" onClick={begin}>
          {t('newDonationAmount.sign')}
        </button>
      )}
    </Page>
  );
}
