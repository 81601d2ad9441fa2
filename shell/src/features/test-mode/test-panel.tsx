import { testStateAtom, useCopy, type TestBankIdMode, type TestMemberMode } from '@concert/shared/browser';
import type { CopyKey } from '@concert/shared/universal';
import { useAtom } from 'jotai';
import { TEST_PANEL_ID } from './header-date.js';

const BANK_ID_MODES: readonly [TestBankIdMode, CopyKey][] = [
  ['Live', 'shell.testMode.live'],
  ['Success', 'shell.testMode.success'],
  ['Fail', 'shell.testMode.fail'],
];
const MEMBER_MODES: readonly [TestMemberMode, CopyKey][] = [
  ['Live', 'shell.testMode.live'],
  ['Member', 'shell.testMode.member'],
  ['NonMember', 'shell.testMode.nonMember'],
];

/** The test panel (demo only): which calls get canned answers (shared/src/browser/test-mode.ts). Loaded when first opened. */
export function TestPanel({ onClose }: { onClose: () => void }) {
  const t = useCopy();
  const [state, setState] = useAtom(testStateAtom);
  return (
    <section id={TEST_PANEL_ID} className="test-panel" aria-labelledby={`${TEST_PANEL_ID}-title`}>
      <h2 id={`${TEST_PANEL_ID}-title`}>{t('shell.testMode.title')}</h2>
      <fieldset>
        <legend>{t('shell.testMode.bankId')}</legend>
        {BANK_ID_MODES.map(([mode, label]) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name="testBankId"
              value={mode}
              checked={state.bankId === mode}
              onChange={() => setState((s) => ({ ...s, bankId: mode }))}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('shell.testMode.memberStatus')}</legend>
        {MEMBER_MODES.map(([mode, label]) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name="testMemberStatus"
              value={mode}
              checked={state.memberStatus === mode}
              onChange={() => setState((s) => ({ ...s, memberStatus: mode }))}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button secondary" onClick={onClose}>
        {t('shell.testMode.close')}
      </button>
    </section>
  );
}
