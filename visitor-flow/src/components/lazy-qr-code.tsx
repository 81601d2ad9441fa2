import { QR_SIZE_PX } from '@concert/shared/universal';
import { lazy, Suspense } from 'react';

// The QR encoder is only needed once a visitor chooses another device: its own chunk.
const QrCode = lazy(async () => ({ default: (await import('./qr-code.js')).QrCode }));

/** A QR code the server painted into the page (its SVG's viewBox and content), kept as it is. */
export interface PaintedQr {
  viewBox: string;
  markup: string;
}

/**
 * The QR code, loaded on first use; the same space is kept meanwhile so nothing jumps. One the
 * server painted (the ticket page) is shown as it was: no encoder to load, not drawn again.
 */
export function LazyQrCode({ data, label, painted }: { data: string; label: string; painted?: PaintedQr }) {
  if (painted)
    return (
      <svg
        className="qr-code"
        role="img"
        aria-label={label}
        viewBox={painted.viewBox}
        width={QR_SIZE_PX}
        height={QR_SIZE_PX}
        shapeRendering="crispEdges"
        dangerouslySetInnerHTML={{ __html: painted.markup }}
      />
    );
  return (
    <Suspense fallback={<span className="qr-placeholder" />}>
      <QrCode data={data} label={label} />
    </Suspense>
  );
}
