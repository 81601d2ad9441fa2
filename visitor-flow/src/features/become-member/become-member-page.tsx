import {
  authenticatedUserAtom,
  langAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  useCopy,
} from '@concert/shared/browser';
import { Checkbox, TextField, useForm } from '@concert/shared/ui';
import { paths } from '@concert/shared/universal';
import { validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState, type InputHTMLAttributes } from 'react';
import { Link, useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { RequireStep } from '../../components/require-step.js';
import { ReservedNotice } from '../../components/reserved-notice.js';

type DetailField = 'firstName' | 'lastName' | 'phone' | 'address' | 'zipCode' | 'city';
type Values = Record<DetailField, string> & { consent: boolean };

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
  const form = useForm<Values, ValidationMessageId | 'consentRequired'>({
    values: { ...person, consent },
    // A changed detail goes straight into the person, so it is kept when the visitor comes back.
    onChange: (field, value) =>
      field === 'consent' ? setConsent(value as boolean) : setPerson((p) => ({ ...p, [field]: value })),
    fields: [...FIELDS.map((f) => f.name), 'consent'],
    validate: (field, value) =>
      field === 'consent' ? (value ? undefined : 'consentRequired') : validateField(field, value as string),
    onSubmit: () => {
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
    },
  });
  const { errors } = form;

  return (
    <Page title={t('becomeMember.title')}>
      <ReservedNotice />
      <CopyText text={t('becomeMember.intro')} />
      <p className="hint">{t('becomeMember.requiredNote')}</p>
      <form noValidate onSubmit={form.submit}>
        {FIELDS.map(({ name, input }) => (
          <TextField
            key={name}
            name={name}
            label={t(`becomeMember.${name}.label`)}
            hint={name === 'address' ? t('becomeMember.address.hint') : undefined}
            error={errors[name] && t(`validation.${errors[name]}`)}
            value={person[name]}
            onChange={(e) => form.change(name, e.target.value)}
            onValidate={(value) => form.check(name, value)}
            required
            markRequired
            {...input}
          />
        ))}
        <Checkbox
          name="consent"
          label={t('becomeMember.consent.label')}
          required
          checked={consent}
          error={errors.consent ? t('validation.consentRequired') : null}
          onChange={(e) => form.change('consent', e.target.checked)}
        />
        <p className="consent-link">
          <Link to={paths.visitor.privacy.getHref(lang)}>{t('becomeMember.consent.link')}</Link>
        </p>
        <button type="submit" className="button">
          {t('becomeMember.continue')}
        </button>
      </form>
    </Page>
  );
}
