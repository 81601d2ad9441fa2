import {
  accountInfoAtom,
  api,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  langAtom,
  newMemberAmountAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  signCompletedAtom,
  ticketDataAtom,
  useCopy,
  type AccountInfoState,
} from '@concert/shared/browser';
import { DONATION_STEP, MIN_NEW_MEMBER_AMOUNT, paths } from '@concert/shared/universal';
import { BANKS, bankCodeOf, validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from '@concert/shared/router';
import { AmountStepper } from '../../components/amount-stepper.js';
import { BankIdControl } from '../../components/bankid-control.js';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { useRefocus } from '../../components/use-refocus.js';
import { focusField, TextField } from '../../components/text-field.js';
import { formatAmount } from '../../lib/format.js';

type AccountField = keyof AccountInfoState;
type Errors = Partial<Record<AccountField, ValidationMessageId>>;
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
  const ticket = useAtomValue(ticketDataAtom);
  const paymentInfo = useAtomValue(autogiroPaymentInfoAtom);
  const [account, setAccount] = useAtom(accountInfoAtom);
  const [amount, setAmount] = useAtom(newMemberAmountAtom);
  const navigate = useNavigate();
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const [errors, setErrors] = useState<Errors>({});
  const [signing, setSigning] = useState(false);
  const signButton = useRefocus<HTMLButtonElement>(signing);
  const values = account ?? EMPTY_ACCOUNT;
  // For a non-member, paymentData.minimumRaise is the lowest monthly amount (SPEC.md §9: 150 kr).
  const minimum = Math.max(MIN_NEW_MEMBER_AMOUNT, paymentInfo?.minimumRaise ?? 0);
  const shownAmount = Math.max(amount, minimum);

  function change(field: AccountField, value: string) {
    setAccount((a) => ({ ...(a ?? EMPTY_ACCOUNT), [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateField(field, value) ?? undefined }));
  }

  function sign(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    for (const field of ACCOUNT_FIELDS) found[field] = validateField(field, values[field]) ?? undefined;
    setErrors(found);
    const firstInvalid = ACCOUNT_FIELDS.find((f) => found[f]);
    if (firstInvalid) return focusField(firstInvalid);
    if (!ticket) return navigate(paths.visitor.error.getHref(lang, 'noTicketId'));
    setSigning(true);
  }

  const startSign = useCallback(() => {
    const bankName = values.bank.trim();
    return api.call('startBankIDSign', {
      personalNumber: person.personalNumber,
      ticketId: ticket!.ticketId,
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
      accountInfo: { bank: bankCodeOf(bankName) ?? bankName, clearingNumber: values.clearingNumber.trim(), accountNumber: values.accountNumber.trim() },
    });
  }, [values, person, ticket, shownAmount, lang]);

  return (
    <Page title={t('addAutoGiro.title')}>
      <CopyText text={t('addAutoGiro.intro')} />
      <form noValidate onSubmit={sign}>
        {/* What is on screen while signing is exactly what is signed: no edits meanwhile. */}
        <fieldset className="plain" disabled={signing}>
          <TextField
            name="bank"
            label={t('addAutoGiro.bank.label')}
            error={errors.bank && t(`validation.${errors.bank}`)}
            value={values.bank}
            onChange={(e) => change('bank', e.target.value)}
            onValidate={(value) => setErrors((er) => ({ ...er, bank: validateField('bank', value) ?? undefined }))}
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
            onChange={(e) => change('clearingNumber', e.target.value)}
            onValidate={(value) => setErrors((er) => ({ ...er, clearingNumber: validateField('clearingNumber', value) ?? undefined }))}
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
            onChange={(e) => change('accountNumber', e.target.value)}
            onValidate={(value) => setErrors((er) => ({ ...er, accountNumber: validateField('accountNumber', value) ?? undefined }))}
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
            step={DONATION_STEP}
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
        <BankIdControl
          purpose="sign"
          start={startSign}
          onComplete={() => {
            setSignCompleted(true);
            navigate(paths.visitor.gotToken.getHref(lang));
          }}
          onCancel={() => setSigning(false)}
          ticketId={ticket?.ticketId}
          source="addAutoGiro"
          waitingText={t('addAutoGiro.waiting')}
        />
      )}
    </Page>
  );
}
