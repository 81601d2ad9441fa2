import { useMemo } from 'react';
import { QR_SIZE_PX as QR_SIZE } from '@concert/shared/universal';
import { encode } from 'uqr';

/** A QR code as an SVG (the BankID animated QR: a new `data` every poll). */
export function QrCode({ data, label }: { data: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(data, { ecc: 'L', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, path: d };
  }, [data]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={QR_SIZE}
      height={QR_SIZE}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
