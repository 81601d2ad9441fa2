import {
  accountInfoAtom,
  api,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  concertFactsAtom,
  langAtom,
  newMemberAmountAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  useCopy,
  type AccountInfoState,
} from '@concert/shared/browser';
import { formatAmount, TextField, useForm } from '@concert/shared/ui';
import {
  BANKS,
  bankCodeOf,
  validateBankAccount,
  validateField,
  type ValidationMessageId,
} from '@concert/shared/validation';
import { useAtom, useAtomValue } from 'jotai';
import { AmountStepper } from '../../components/amount-stepper.js';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { SignWithBankId, useSigning } from '../../components/sign-with-bank-id.js';
import type { BankIdLaunch } from '../../components/bankid-control.js';

type AccountField = keyof AccountInfoState;
const ACCOUNT_FIELDS: readonly AccountField[] = ['bank', 'clearingNumber', 'accountNumber'];
const EMPTY_ACCOUNT: AccountInfoState = { bank: '', clearingNumber: '', accountNumber: '' };

/** Bank, clearing and account number (prefilled when picked on autoAddBank), the monthly amount, then signing as 'new'. */
export function AddAutoGiroPage() {
  const user = useAtomValue(authenticatedUserAtom);
  const person = useAtomValue(personAtom);
  const detailsDone = useAtomValue(newMemberDetailsDoneAtom);
  return (
    <RequireStep when={!!user && !person.isMember && detailsDone}>
      <AddAutoGiro />
    </RequireStep>
  );
}

function AddAutoGiro() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const person = useAtomValue(personAtom);
  const paymentInfo = useAtomValue(autogiroPaymentInfoAtom);
  const [account, setAccount] = useAtom(accountInfoAtom);
  const [amount, setAmount] = useAtom(newMemberAmountAtom);
  const { signing, begin, cancel, signButton } = useSigning();
  // For a non-member, paymentData.minimumRaise is the lowest monthly amount: the concert's, as the server sets it.
  const concert = useAtomValue(concertFactsAtom);
  const minimum = paymentInfo?.minimumRaise ?? concert?.minNewMemberAmount ?? 0;
  const shownAmount = Math.max(amount, minimum);
  const form = useForm<AccountInfoState, ValidationMessageId>({
    values: account ?? EMPTY_ACCOUNT,
    onChange: (field, value) => setAccount((a) => ({ ...(a ?? EMPTY_ACCOUNT), [field]: value })),
    fields: ACCOUNT_FIELDS,
    // The account number is checked with its clearing number as the bank checks them (Autogiro register, issue 28).
    validate: (field, value, all) =>
      validateField(field, value) ??
      (field === 'accountNumber' ? validateBankAccount(all.clearingNumber, value) : null),
    onSubmit: begin,
  });
  const { values, errors } = form;

  const startSign = (ticketId: string, { returnTo, returnKey }: BankIdLaunch) => {
    const bankName = values.bank.trim();
    return api.call('startBankIDSign', {
      personalNumber: person.personalNumber,
      returnTo,
      returnKey,
      ticketId,
      donationAmount: shownAmount,
      signType: 'new',
      lang,
      person: {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        address: person.address,
        zipCode: person.zipCode,
        city: person.city,
      },
      accountInfo: {
        bank: bankCodeOf(bankName) ?? bankName,
        clearingNumber: values.clearingNumber.trim(),
        accountNumber: values.accountNumber.trim(),
      },
    });
  };

  return (
    <Page title={t('addAutoGiro.title')}>
      <CopyText text={t('addAutoGiro.intro')} />
      <form noValidate onSubmit={form.submit}>
        {/* What is on screen while signing is exactly what is signed: no edits meanwhile. */}
        <fieldset className="plain" disabled={signing}>
          <TextField
            name="bank"
            label={t('addAutoGiro.bank.label')}
            error={errors.bank && t(`validation.${errors.bank}`)}
            value={values.bank}
            onChange={(e) => form.change('bank', e.target.value)}
            onValidate={(value) => form.check('bank', value)}
            list="bank-names"
            autoComplete="off"
            required
            maxLength={100}
          />
          <datalist id="bank-names">
            {BANKS.map((b) => (
              <option key={b.code} value={b.name} />
            ))}
          </datalist>
          <TextField
            name="clearingNumber"
            label={t('addAutoGiro.clearingNumber.label')}
            hint={t('addAutoGiro.clearingNumber.hint')}
            error={errors.clearingNumber && t(`validation.${errors.clearingNumber}`)}
            value={values.clearingNumber}
            onChange={(e) => form.change('clearingNumber', e.target.value)}
            onValidate={(value) => form.check('clearingNumber', value)}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={20}
          />
          <TextField
            name="accountNumber"
            label={t('addAutoGiro.accountNumber.label')}
            hint={t('addAutoGiro.accountNumber.hint')}
            error={errors.accountNumber && t(`validation.${errors.accountNumber}`)}
            value={values.accountNumber}
            onChange={(e) => form.change('accountNumber', e.target.value)}
            onValidate={(value) => form.check('accountNumber', value)}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={40}
          />
          <AmountStepper
            label={t('addAutoGiro.amount.label')}
            hint={t('addAutoGiro.amount.hint', { minAmount: formatAmount(minimum, lang) })}
            valueText={t('addAutoGiro.amount.summary', { amount: formatAmount(shownAmount, lang) })}
            value={shownAmount}
            min={minimum}
            step={concert?.donationStep ?? 1}
            increaseLabel={t('addAutoGiro.amount.increase')}
            decreaseLabel={t('addAutoGiro.amount.decrease')}
            onChange={setAmount}
          />
          <CopyText text={t('addAutoGiro.agreement')} />
        </fieldset>
        {!signing && (
          <button ref={signButton} type="submit" className="button">
            {t('addAutoGiro.sign')}
          </button>
        )}
      </form>
      {signing && (
        <SignWithBankId
          start={startSign}
          onCancel={cancel}
          source="addAutoGiro"
          waitingText={t('addAutoGiro.waiting')}
        />
      )}
    </Page>
  );
}
