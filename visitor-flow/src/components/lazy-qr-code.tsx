import { lazy, Suspense } from 'react';

// The QR encoder is only needed once a visitor chooses another device: its own chunk.
const QrCode = lazy(async () => ({ default: (await import('./qr-code.js')).QrCode }));

/** The QR code, loaded on first use; the same space is kept meanwhile so nothing jumps. */
export function LazyQrCode({ data, label }: { data: string; label: string }) {
  return (
    <Suspense fallback={<span className="qr-placeholder" />}>
      <QrCode data={data} label={label} />
    </Suspense>
  );
}
