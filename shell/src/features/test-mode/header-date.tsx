import { useCopy } from '@concert/shared/browser';
import type { Ref } from 'react';
import { testModeAvailable } from './test-mode-available.js';

export const TEST_PANEL_ID = 'test-panel';

/** The concert date in the header; where test mode is available, a button that toggles the test panel. */
export function HeaderDate({
  panelOpen,
  onToggle,
  ref,
}: {
  panelOpen: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const t = useCopy();
  if (!testModeAvailable) return <span className="concert-date">{t('shell.header.date')}</span>;
  return (
    <button
      ref={ref}
      type="button"
      className="concert-date date-toggle"
      aria-expanded={panelOpen}
      aria-controls={TEST_PANEL_ID}
      onClick={onToggle}
    >
      {t('shell.header.date')}
    </button>
  );
}
