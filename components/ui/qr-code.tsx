import { encodeQr } from "@/lib/dashboard/qr";

/**
 * `text` as a QR code (SVG, crisp at any size), with a 4-module quiet zone: a wallet address to
 * pay, an authenticator app's otpauth:// link. The encoder is `uqr`, behind lib/dashboard/qr.ts.
 */
export function QrCode({
  text,
  label,
  caption,
  testId,
}: {
  text: string;
  /** What the code holds, for a screen reader (never a secret: the label is read aloud). */
  label: string;
  caption: string;
  testId?: string;
}) {
  let path = "";
  let size = 0;
  try {
    const qr = encodeQr(text);
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
        aria-label={label}
        viewBox={`0 0 ${dim} ${dim}`}
        className="size-44 rounded-lg border border-slate-200 bg-white"
        shapeRendering="crispEdges"
        data-testid={testId}
      >
        <rect width={dim} height={dim} fill="#fff" />
        <path d={path} fill="#0f172a" />
      </svg>
      <figcaption className="text-xs text-slate-500">{caption}</figcaption>
    </figure>
  );
}
