import { isSlowRequestAtom, useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';

/** "Be patient" while a request has taken more than 8 s (SPEC.md §7); the live region is always there so it is announced. */
export function SlowRequestMessage() {
  const t = useCopy();
  const slow = useAtomValue(isSlowRequestAtom);
  return (
    <p className={slow ? 'slow-request' : 'visually-hidden'} role="status">
      {slow ? t('shell.slowRequest') : ''}
    </p>
  );
}
