import { langAtom, paths, personAtom, ticketDataAtom, useCopy } from '@concert/shared/browser';
import {
  normalisePersonalNumber,
  personalNumberWarning,
  validateField,
  type ValidationMessageId,
} from '@concert/shared/validation';
import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { focusField, TextField } from '../../components/text-field.js';

type Errors = Partial<Record<'personalNumber' | 'email', ValidationMessageId>>;

/** Personal number and e-mail (SPEC.md §5), the no-personal-number way out, and age warnings before BankID. */
export function MemberCheckPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const [person, setPerson] = useAtom(personAtom);
  const navigate = useNavigate();
  const [personalNumber, setPersonalNumber] = useState(person.personalNumber);
  const [email, setEmail] = useState(person.email);
  const [errors, setErrors] = useState<Errors>({});

  const pn12 = normalisePersonalNumber(personalNumber);
  const warning = pn12 ? personalNumberWarning(pn12, new Date()) : null;

  function check(field: keyof Errors, value: string) {
    setErrors((e) => ({ ...e, [field]: validateField(field, value) ?? undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      personalNumber: validateField('personalNumber', personalNumber) ?? undefined,
      email: validateField('email', email) ?? undefined,
    };
    setErrors(found);
    const firstInvalid = (['personalNumber', 'email'] as const).find((f) => found[f]);
    if (firstInvalid) return focusField(firstInvalid);
    setPerson((p) => ({ ...p, personalNumber: pn12!, email: email.trim() }));
    if (warning) return navigate(`/${lang}/underAge`);
    if (!ticket) return navigate(paths.error(lang, 'noTicketId'));
    // BankID identification follows here (visitor-journey issue).
  }

  return (
    <article>
      <h1>{t('memberCheck.title')}</h1>
      <p>{t('memberCheck.intro')}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          name="personalNumber"
          label={t('memberCheck.personalNumber.label')}
          hint={t('memberCheck.personalNumber.hint')}
          error={errors.personalNumber && t(`validation.${errors.personalNumber}`)}
          value={personalNumber}
          onChange={(e) => setPersonalNumber(e.target.value)}
          onBlur={() => personalNumber && check('personalNumber', personalNumber)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        {warning && (
          <div className="notice" role="status">
            <p>{t('memberCheck.underAgePN')}</p>
            {warning === 'guardianNote' && <p>{t('memberCheck.guardianNote')}</p>}
          </div>
        )}
        <TextField
          name="email"
          type="email"
          label={t('memberCheck.email.label')}
          hint={t('memberCheck.email.hint')}
          error={errors.email && t(`validation.${errors.email}`)}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => email && check('email', email)}
          inputMode="email"
          autoComplete="email"
          maxLength={254}
        />
        <label className="checkbox">
          <input type="checkbox" name="noPersonalNumber" onChange={(e) => e.target.checked && navigate(`/${lang}/specialCases#noPersonalId`)} />
          <span>{t('memberCheck.noPersonalNumber.label')}</span>
        </label>
        <button type="submit" className="button">
          {t('memberCheck.continue')}
        </button>
      </form>
    </article>
  );
}
