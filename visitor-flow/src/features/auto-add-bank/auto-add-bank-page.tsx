import {
  accountInfoAtom,
  authenticatedUserAtom,
  langAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  useCopy,
} from '@concert/shared/browser';
import { SelectField, useForm } from '@concert/shared/ui';
import { paths } from '@concert/shared/universal';
import { BANKS, bankNameOf } from '@concert/shared/validation';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { LazyQrCode } from '../../components/lazy-qr-code.js';
import { deviceChoiceKey } from '../../components/bankid-hints.js';
import { isMobileDevice } from '../../components/bankid-launch.js';
import { RequireStep } from '../../components/require-step.js';
import { useBankAccounts } from './use-bank-accounts.js';

/** Phones usually run BankID on the same device; desktops scan the QR with a phone. */
const likelySameDevice = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** Choose bank, fetch the accounts via BankID, pick one (SPEC.md §2, §4), or enter the account by hand. */
export function AutoAddBankPage() {
  const user = useAtomValue(authenticatedUserAtom);
  const person = useAtomValue(personAtom);
  const detailsDone = useAtomValue(newMemberDetailsDoneAtom);
  return (
    <RequireStep when={!!user && !person.isMember && detailsDone}>
      <AutoAddBank />
    </RequireStep>
  );
}

function AutoAddBank() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const setAccountInfo = useSetAtom(accountInfoAtom);
  const navigate = useNavigate();
  const { retrieval, fetchAccounts } = useBankAccounts();
  const [sameDevice, setSameDevice] = useState(likelySameDevice);
  const [deviceQuestion] = useState(() => deviceChoiceKey(isMobileDevice()));
  const [chosen, setChosen] = useState<number | null>(null);
  const [accountError, setAccountError] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const busyRef = useRef(false);
  const form = useForm({
    initial: { bank: '' },
    fields: ['bank'],
    validate: (_field, bank) => (bank ? undefined : 'requiredField'),
    onSubmit: ({ bank }) => {
      if (busyRef.current) return;
      setChosen(null);
      void fetchAccounts(bank, sameDevice);
    },
  });
  const { bank } = form.values;

  // The result is a new part of the step: focus goes to it.
  useEffect(() => {
    if (retrieval.stage === 'accounts') resultHeading.current?.focus();
    if (retrieval.stage === 'failed') messageRef.current?.focus();
  }, [retrieval.stage]);

  function chooseAccount(event: FormEvent) {
    event.preventDefault();
    if (retrieval.stage !== 'accounts') return;
    const account = chosen === null ? undefined : retrieval.accounts[chosen];
    if (!account) {
      setAccountError(true);
      return document.querySelector<HTMLInputElement>('input[name="bankAccount"]')?.focus();
    }
    setAccountInfo({
      bank: account.bank || bankNameOf(bank) || bank,
      clearingNumber: account.clearingNumber,
      accountNumber: account.accountNumber,
    });
    navigate(paths.visitor.addAutoGiro.getHref(lang));
  }

  const busy = retrieval.stage === 'starting' || retrieval.stage === 'waiting';
  busyRef.current = busy;

  return (
    <Page title={t('autoAddBank.title')}>
      <CopyText text={t('autoAddBank.intro')} />
      <form noValidate onSubmit={form.submit}>
        <SelectField
          name="bank"
          label={t('autoAddBank.bank.label')}
          placeholder={t('autoAddBank.bank.placeholder')}
          options={BANKS.map((b) => ({ value: b.code, label: b.name }))}
          value={bank}
          error={form.errors.bank && t(`validation.${form.errors.bank}`)}
          disabled={busy}
          onChange={(e) => form.change('bank', e.target.value)}
        />
        <fieldset className="choice" disabled={busy}>
          <legend>{t(deviceQuestion)}</legend>
          <label className="radio">
            <input
              type="radio"
              name="sameDevice"
              value="true"
              checked={sameDevice}
              onChange={() => setSameDevice(true)}
            />
            <span>{t('bankId.sameDevice')}</span>
          </label>
          <label className="radio">
            <input
              type="radio"
              name="sameDevice"
              value="false"
              checked={!sameDevice}
              onChange={() => setSameDevice(false)}
            />
            <span>{t('bankId.otherDevice')}</span>
          </label>
        </fieldset>
        {/* aria-disabled, not disabled, while BankID runs: the focus stays on the button instead of falling to <body> (WCAG 2.4.3). */}
        <button type="submit" className="button" aria-disabled={busy || undefined} aria-busy={busy}>
          {t('autoAddBank.fetchAccounts')}
        </button>
      </form>

      <p className="bankid-status" role="status" aria-live="polite">
        {busy ? t('autoAddBank.fetching') : ''}
      </p>
      {retrieval.stage === 'waiting' && (
        <div className="qr">
          {sameDevice && retrieval.autostartToken && (
            <p>
              <a
                className="button"
                href={`bankid:///?autostarttoken=${encodeURIComponent(retrieval.autostartToken)}&redirect=null`}
              >
                {t('bankId.openApp')}
              </a>
            </p>
          )}
          {retrieval.qr && (
            <>
              <p>{t('bankId.qr.instructions')}</p>
              <LazyQrCode data={retrieval.qr} label={t('bankId.qr.alt')} />
            </>
          )}
        </div>
      )}
      {retrieval.stage === 'failed' && (
        <p ref={messageRef} tabIndex={-1} className="notice error-notice" role="alert">
          {t(retrieval.messageKey)}
        </p>
      )}
      {retrieval.stage === 'accounts' && (
        <form noValidate onSubmit={chooseAccount} className="accounts">
          <fieldset className="choice" aria-describedby="bank-account-error">
            <legend>
              <h2 ref={resultHeading} tabIndex={-1}>
                {t('autoAddBank.account.label')}
              </h2>
            </legend>
            <p className="hint">{t('autoAddBank.account.placeholder')}</p>
            {retrieval.accounts.map((account, i) => (
              <label key={`${account.clearingNumber}-${account.accountNumber}`} className="radio account">
                <input
                  type="radio"
                  name="bankAccount"
                  value={String(i)}
                  checked={chosen === i}
                  onChange={() => {
                    setChosen(i);
                    setAccountError(false);
                  }}
                />
                <span>
                  <span className="account-name">{account.name}</span>
                  <span className="account-number">
                    {account.clearingNumber} {account.accountNumber}
                  </span>
                </span>
              </label>
            ))}
            <span id="bank-account-error" className="error" aria-live="polite">
              {accountError ? t('validation.requiredField') : ''}
            </span>
          </fieldset>
          <button type="submit" className="button">
            {t('autoAddBank.continue')}
          </button>
        </form>
      )}
      <p className="more-links">
        <Link to={paths.visitor.addAutoGiro.getHref(lang)} onClick={() => setAccountInfo(null)}>
          {t('autoAddBank.manualLink')}
        </Link>
      </p>
    </Page>
  );
}
