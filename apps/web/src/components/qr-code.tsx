import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text` as an SVG image (sharp when printed); `label` is its text alternative. */
export function QrCode({ text, size = 96, label, testId = 'qr-code' }: { text: string; size?: number; label: string; testId?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' })
      .then((s) => { if (live) setSvg(s); })
      .catch(() => { if (live) setSvg(null); });
    return () => { live = false; };
  }, [text]);
  if (!svg) return null;
  return <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={size} height={size} alt={label} data-testid={testId} />;
}
