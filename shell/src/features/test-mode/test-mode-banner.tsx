import { testStateAtom, useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';

/** Says so while any mock mode is on, so nobody mistakes a canned answer for a real one. */
export function TestModeBanner() {
  const t = useCopy();
  const { bankId, memberStatus } = useAtomValue(testStateAtom);
  if (bankId === 'Live' && memberStatus === 'Live') return null;
  return (
    <p className="banner test-mode-banner" role="status">
      {t('shell.testMode.banner')}
    </p>
  );
}
