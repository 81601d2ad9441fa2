import { authenticatedUserAtom, langAtom, newMemberDetailsDoneAtom, personAtom, useCopy, type PersonState } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { focusField, TextField } from '../../components/text-field.js';

type DetailField = 'firstName' | 'lastName' | 'phone' | 'address' | 'zipCode' | 'city';
type Errors = Partial<Record<DetailField | 'consent', ValidationMessageId | 'consentRequired'>>;

/** The six fields of SPEC.md §5 in form order, with what phones need to offer the right keyboard and autofill. */
const FIELDS: readonly { name: DetailField; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { name: 'firstName', input: { autoComplete: 'given-name', inputMode: 'text', maxLength: 100 } },
  { name: 'lastName', input: { autoComplete: 'family-name', inputMode: 'text', maxLength: 100 } },
  { name: 'phone', input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 30 } },
  { name: 'address', input: { autoComplete: 'street-address', inputMode: 'text', maxLength: 200 } },
  { name: 'zipCode', input: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 } },
  { name: 'city', input: { autoComplete: 'address-level2', inputMode: 'text', maxLength: 100 } },
];

/** Non-member details (SPEC.md §2): six fields and the consent checkbox; valid → autoAddBank with autogiro. */
export function BecomeMemberPage() {
  const user = useAtomValue(authenticatedUserAtom);
  const person = useAtomValue(personAtom);
  return (
    <RequireStep when={!!user && !!person.personalNumber && !person.isMember}>
      <BecomeMemberForm />
    </RequireStep>
  );
}

function BecomeMemberForm() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [person, setPerson] = useAtom(personAtom);
  const setDetailsDone = useSetAtom(newMemberDetailsDoneAtom);
  const navigate = useNavigate();
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  function change(field: DetailField, value: string) {
    setPerson((p: PersonState) => ({ ...p, [field]: value }));
    // A field already marked invalid is checked again as the visitor fixes it.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateField(field, value) ?? undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    for (const { name } of FIELDS) found[name] = validateField(name, person[name]) ?? undefined;
    if (!consent) found.consent = 'consentRequired';
    setErrors(found);
    const firstInvalid = [...FIELDS.map((f) => f.name), 'consent' as const].find((f) => found[f]);
    if (firstInvalid === 'consent') return document.getElementById('field-consent')?.focus();
    if (firstInvalid) return focusField(firstInvalid);
    setPerson((p) => ({
      ...p,
      firstName: p.firstName.trim(),
      lastName: p.lastName.trim(),
      phone: p.phone.trim(),
      address: p.address.trim(),
      zipCode: p.zipCode.trim(),
      city: p.city.trim(),
      paymentType: 1,
    }));
    setDetailsDone(true);
    navigate(paths.visitor.autoAddBank.getHref(lang));
  }

  return (
    <Page title={t('becomeMember.title')}>
      <CopyText text={t('becomeMember.intro')} />
      <p className="hint">{t('becomeMember.requiredNote')}</p>
      <form noValidate onSubmit={submit}>
        {FIELDS.map(({ name, input }) => (
          <TextField
            key={name}
            name={name}
            label={t(`becomeMember.${name}.label`)}
            hint={name === 'address' ? t('becomeMember.address.hint') : undefined}
            error={errors[name] && t(`validation.${errors[name]}`)}
            value={person[name]}
            onChange={(e) => change(name, e.target.value)}
            onValidate={(value) => setErrors((er) => ({ ...er, [name]: validateField(name, value) ?? undefined }))}
            required
            {...input}
          />
        ))}
        <div className="field">
          <label className="checkbox">
            <input
              id="field-consent"
              type="checkbox"
              name="consent"
              required
              checked={consent}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby="field-consent-error"
              onChange={(e) => {
                setConsent(e.target.checked);
                if (e.target.checked) setErrors((er) => ({ ...er, consent: undefined }));
              }}
            />
            <span>{t('becomeMember.consent.label')}</span>
          </label>
          <span id="field-consent-error" className="error" aria-live="polite">
            {errors.consent ? t('validation.consentRequired') : ''}
          </span>
        </div>
        <button type="submit" className="button">
          {t('becomeMember.continue')}
        </button>
      </form>
    </Page>
  );
}
