import { useEffect, useRef } from 'react';

/**
 * A ref for the control that opened a part of the step (e.g. "Sign with BankID"): when that part
 * closes again, focus returns to the control instead of being lost with the removed elements.
 */
export function useRefocus<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return ref;
}
