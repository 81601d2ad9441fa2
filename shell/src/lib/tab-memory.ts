/**
 * A mode the page was opened with (`asked`, e.g. from its address), remembered for the tab
 * (sessionStorage) so the pages that follow keep it; without storage (private mode), for this
 * page load only.
 */
export function rememberedForTab(key: string, asked: boolean): boolean {
  try {
    if (asked) sessionStorage.setItem(key, '1');
    return asked || sessionStorage.getItem(key) === '1';
  } catch {
    return asked;
  }
}

/** The tab forgets the mode. */
export function forgetForTab(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // no storage: nothing was remembered
  }
}
