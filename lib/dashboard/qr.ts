/**
 * QR codes for wallet addresses, by `uqr` (a small, well-kept encoder, ISO/IEC 18004): error
 * correction level M, no border (the SVG in components/settlement-requests/detail/wallet-qr.tsx
 * draws its own 4-module quiet zone). Tested against an independent decoder (jsQR).
 */
import { encode } from "uqr";

export type QrMatrix = { size: number /** modules[y][x], true = dark */; modules: boolean[][] };

/** Encodes `text` (UTF-8, byte mode, level M). */
export function encodeQr(text: string): QrMatrix {
  const { size, data } = encode(text, { ecc: "M", border: 0 });
  return { size, modules: data };
}
