import { COPY_SAVE_POPUP_MS } from '@concert/shared/universal';
import { useEffect, useState } from 'react';

export interface PopupMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A short message at the bottom of the screen for COPY_SAVE_POPUP_MS (SPEC.md §9: 3 s). The live
 * regions are always there, so a new message is announced: success politely, an error at once.
 */
export function Popup({ message }: { message: PopupMessage | null }) {
  const [shown, setShown] = useState<PopupMessage | null>(null);
  const [previous, setPrevious] = useState<PopupMessage | null>(null);
  if (message !== previous) {
    setPrevious(message);
    setShown(message);
  }
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), COPY_SAVE_POPUP_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div className="popup-region">
      <div role="status">{shown?.kind === 'success' && <p className="popup success">{shown.text}</p>}</div>
      <div role="alert">{shown?.kind === 'error' && <p className="popup error">{shown.text}</p>}</div>
    </div>
  );
}
