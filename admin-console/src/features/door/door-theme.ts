import { useCallback, useEffect, useState } from 'react';

const THEME_KEY = 'concert.door.theme';

/**
 * The door's dark theme for a dark hall: the phone's setting (prefers-color-scheme) unless staff
 * chose on this device. Set on the whole page (the shell's colours are variables) while the
 * door is open, taken off when it closes.
 */
export function useDoorTheme(): { on: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<'dark' | 'light' | null>(() => {
    try {
      const v = localStorage.getItem(THEME_KEY);
      return v === 'dark' || v === 'light' ? v : null;
    } catch {
      return null;
    }
  });
  const [systemDark, setSystemDark] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);
  const on = chosen ? chosen === 'dark' : systemDark;
  useEffect(() => {
    const root = document.documentElement;
    if (on) root.dataset.doorTheme = 'dark';
    else delete root.dataset.doorTheme;
    return () => {
      delete root.dataset.doorTheme;
    };
  }, [on]);
  const toggle = useCallback(() => {
    const next = on ? 'light' : 'dark';
    setChosen(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // chosen for this visit only
    }
  }, [on]);
  return { on, toggle };
}
