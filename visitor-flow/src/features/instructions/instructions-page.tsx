import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { Link } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

const STEP_KEYS = [
  'instructions.steps.identify',
  'instructions.steps.details',
  'instructions.steps.donate',
  'instructions.steps.ticket',
] as const;

/** How it works (SPEC.md §2): an illustration in the visitor's language, the text, and a way back. */
export function InstructionsPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  return (
    <Page title={t('instructions.title')}>
      <p>{t('instructions.intro')}</p>
      <HowToIllustration label={t('instructions.image.alt')} steps={STEP_KEYS.map((k) => t(k))} />
      <CopyText text={t('instructions.description')} />
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('instructions.back')}
        </Link>
      </p>
    </Page>
  );
}

/**
 * The how-to picture: four numbered steps, each with a drawn icon. The labels come from the copy,
 * so the picture follows the language and wraps on narrow screens instead of shrinking.
 */
function HowToIllustration({ label, steps }: { label: string; steps: string[] }) {
  return (
    <figure className="how-to" aria-label={label}>
      <ol>
        {steps.map((text, i) => (
          <li key={i}>
            <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
              <circle cx="32" cy="32" r="30" fill="#ffd400" stroke="#111" strokeWidth="3" />
              <Icon index={i} />
            </svg>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function Icon({ index }: { index: number }) {
  const stroke = {
    fill: 'none',
    stroke: '#111',
    strokeWidth: 3,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (index) {
    case 0: // phone with BankID
      return (
        <g {...stroke}>
          <rect x="22" y="14" width="20" height="36" rx="3" />
          <path d="M28 40h8" />
        </g>
      );
    case 1: // form
      return (
        <g {...stroke}>
          <rect x="18" y="16" width="28" height="32" rx="2" />
          <path d="M23 25h18M23 32h18M23 39h10" />
        </g>
      );
    case 2: // heart
      return <path d="M32 46s-13-8-13-17a7 7 0 0 1 13-3 7 7 0 0 1 13 3c0 9-13 17-13 17z" {...stroke} />;
    default: // envelope
      return (
        <g {...stroke}>
          <rect x="16" y="20" width="32" height="24" rx="2" />
          <path d="M16 22l16 12 16-12" />
        </g>
      );
  }
}
