import { useSyncExternalStore } from 'react';

const matcher = (query: string) => (typeof matchMedia === 'function' ? matchMedia(query) : null);

/** Whether a media query matches now, following it as the window changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matcher(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => matcher(query)?.matches ?? false,
    () => false,
  );
}
