import { QRCodeSVG } from 'qrcode.react';

/**
 * The QR code of a UPI intent, as SVG. Its own module so the QR encoder loads only when a UPI
 * order is shown (deposit-page.tsx imports it lazily).
 */
export default function UpiQr({ uri, label }: { uri: string; label: string }) {
  return (
    <QRCodeSVG
      value={uri}
      size={200}
      marginSize={2}
      level="M"
      title={label}
      role="img"
      aria-label={label}
      data-testid="deposit-upi-qr"
      data-uri={uri}
    />
  );
}
