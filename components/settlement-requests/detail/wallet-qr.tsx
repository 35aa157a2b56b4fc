import { QrCode } from "@/components/ui/qr-code";

/** The wallet address as a QR code, to pay from a wallet. */
export function WalletQr({ address }: { address: string }) {
  return (
    <QrCode
      text={address}
      label={`QR code of the wallet address ${address}`}
      caption="Scan to pay from a wallet"
      testId="wallet-qr"
    />
  );
}
