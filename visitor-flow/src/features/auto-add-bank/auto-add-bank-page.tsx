import {
  accountInfoAtom,
  api,
  ApiError,
  authenticatedUserAtom,
  langAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  ticketDataAtom,
  useCopy,
} from '@concert/shared/browser';
import type { BankAccount } from '@concert/shared/api';
import { BANK_ACCOUNT_POLL_MS, BANKID_TIMEOUT_MS, paths } from '@concert/shared/universal';
import { BANKS, bankNameOf } from '@concert/shared/validation';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { LazyQrCode } from '../../components/lazy-qr-code.js';
import { RequireStep } from '../../components/require-step.js';
import { SelectField } from '../../components/select-field.js';
import { failureMessageKey } from './failure-message.js';

type Retrieval =
  | { stage: 'idle' }
  | { stage: 'starting' }
  | { stage: 'waiting'; publicId: string; startedAt: number; qr?: string; autostartToken?: string }
  | { stage: 'accounts'; accounts: BankAccount[] }
  | { stage: 'failed'; messageKey: string };

/** A poll call that fails is tried again after 1 s (SPEC.md §4); after this many in a row it is given up. */
const MAX_POLL_FAILURES = 3;

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
  const person = useAtomValue(personAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const setAccountInfo = useSetAtom(accountInfoAtom);
  const navigate = useNavigate();
  const [bank, setBank] = useState('');
  const [sameDevice, setSameDevice] = useState(likelySameDevice);
  const [bankError, setBankError] = useState(false);
  const [retrieval, setRetrieval] = useState<Retrieval>({ stage: 'idle' });
  const [chosen, setChosen] = useState<number | null>(null);
  const [accountError, setAccountError] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);

  async function fetchAccounts(event: FormEvent) {
    event.preventDefault();
    if (!bank) {
      setBankError(true);
      return document.getElementById('field-bank')?.focus();
    }
    setBankError(false);
    setChosen(null);
    setRetrieval({ stage: 'starting' });
    try {
      const { publicId } = await api.call('startRetrievingBankAccounts', { personalNumber: person.personalNumber, bank, sameDevice });
      setRetrieval({ stage: 'waiting', publicId, startedAt: Date.now() });
    } catch {
      setRetrieval({ stage: 'failed', messageKey: 'autoAddBank.messages.bankIdStartingError' });
    }
  }

  const settled = useEffectEvent((next: Retrieval) => setRetrieval(next));
  const givenUp = useEffectEvent(() => navigate(paths.visitor.error.getHref(lang, 'bankIDFailed')));
  const waitingPublicId = retrieval.stage === 'waiting' ? retrieval.publicId : null;
  const waitingSince = retrieval.stage === 'waiting' ? retrieval.startedAt : 0;
  const ticketId = ticket?.ticketId;

  // Polls every second while the bank says Waiting (SPEC.md §4).
  useEffect(() => {
    if (!waitingPublicId) return;
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      if (Date.now() - waitingSince >= BANKID_TIMEOUT_MS) return settled({ stage: 'failed', messageKey: 'autoAddBank.messages.sessionExpired' });
      try {
        const answer = await api.call('getBankAccounts', { publicId: waitingPublicId, ticketId });
        if (stopped) return;
        failures = 0;
        if (answer.status === 'Waiting') {
          settled({ stage: 'waiting', publicId: waitingPublicId, startedAt: waitingSince, qr: answer.qr, autostartToken: answer.bankIdAutostartToken });
          timer = setTimeout(poll, BANK_ACCOUNT_POLL_MS);
        } else if (answer.status === 'Success') {
          const accounts = answer.bankAccounts ?? [];
          settled(accounts.length ? { stage: 'accounts', accounts } : { stage: 'failed', messageKey: 'autoAddBank.messages.noAccountsFound' });
        } else {
          const key = failureMessageKey(answer.failureMessage ?? '');
          if (key) settled({ stage: 'failed', messageKey: key });
          else givenUp();
        }
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && err.errorId === 'internal') return settled({ stage: 'failed', messageKey: 'autoAddBank.messages.internalError' });
        if (++failures >= MAX_POLL_FAILURES) return givenUp();
        timer = setTimeout(poll, BANK_ACCOUNT_POLL_MS);
      }
    };
    // The first answer right away: it carries the QR the visitor needs to go on.
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waitingPublicId, waitingSince, ticketId]);

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

  return (
    <Page title={t('autoAddBank.title')}>
      <CopyText text={t('autoAddBank.intro')} />
      <form noValidate onSubmit={fetchAccounts}>
        <SelectField
          name="bank"
          label={t('autoAddBank.bank.label')}
          placeholder={t('autoAddBank.bank.placeholder')}
          options={BANKS.map((b) => ({ value: b.code, label: b.name }))}
          value={bank}
          error={bankError ? t('validation.requiredField') : null}
          disabled={busy}
          onChange={(e) => {
            setBank(e.target.value);
            if (e.target.value) setBankError(false);
          }}
        />
        <fieldset className="choice" disabled={busy}>
          <legend>{t('bankId.chooseDevice')}</legend>
          <label className="radio">
            <input type="radio" name="sameDevice" value="true" checked={sameDevice} onChange={() => setSameDevice(true)} />
            <span>{t('bankId.sameDevice')}</span>
          </label>
          <label className="radio">
            <input type="radio" name="sameDevice" value="false" checked={!sameDevice} onChange={() => setSameDevice(false)} />
            <span>{t('bankId.otherDevice')}</span>
          </label>
        </fieldset>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
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
              <a className="button" href={`bankid:///?autostarttoken=${encodeURIComponent(retrieval.autostartToken)}&redirect=null`}>
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
