import type { ConcertStatusAnswer } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';

/** What the server inlined into index.html (backend http/web-apps.ts), so the first paint needs no round trip. */
export interface BootData {
  remotes?: Record<string, string>;
  lang?: Lang;
  /** The backend runs in demo mode (simulators); false in production. */
  demo?: boolean;
  copy?: Record<string, string>;
  /** `copy` is a visitor page's: without the staff texts (`isVisitorCopyKey`). */
  visitorCopyOnly?: boolean;
  concertStatus?: ConcertStatusAnswer;
}

let cached: BootData | undefined;

/** The inlined data, or {} when the page was served without it (dev server). */
export function bootData(): BootData {
  if (!cached) {
    try {
      cached = JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}') as BootData;
    } catch {
      cached = {};
    }
  }
  return cached;
}
