import { encodeQr } from "@/lib/dashboard/qr";

/**
 * The wallet address as a QR code (SVG, crisp at any size), with a 4-module quiet zone. The
 * encoder is `uqr`, behind lib/dashboard/qr.ts.
 */
export function WalletQr({ address }: { address: string }) {
  let path = "";
  let size = 0;
  try {
    const qr = encodeQr(address);
    size = qr.size;
    qr.modules.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x + 4} ${y + 4}h1v1h-1z`)));
  } catch {
    return null;
  }
  const dim = size + 8;
  return (
    <figure className="flex flex-col items-center gap-2">
      <svg
        role="img"
        aria-label={`QR code of the wallet address ${address}`}
        viewBox={`0 0 ${dim} ${dim}`}
        className="size-44 rounded-lg border border-slate-200 bg-white"
        shapeRendering="crispEdges"
        data-testid="wallet-qr"
      >
        <rect width={dim} height={dim} fill="#fff" />
        <path d={path} fill="#0f172a" />
      </svg>
      <figcaption className="text-xs text-slate-500">Scan to pay from a wallet</figcaption>
    </figure>
  );
}
