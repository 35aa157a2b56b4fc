import { describe, expect, it } from "vitest";
import jsQR from "jsqr";
import { encodeQr } from "./qr";

/** Renders the matrix as RGBA pixels (with the 4-module quiet zone) for an independent decoder. */
function decode(text: string): string | null {
  const { size, modules } = encodeQr(text);
  const scale = 4;
  const quiet = 4;
  const width = (size + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y][x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + quiet) * scale + dy) * width + (x + quiet) * scale + dx) * 4;
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe("encodeQr", () => {
  it.each([
    ["a Solana address", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
    ["an EIP-55 address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["a TRON address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
    ["a short text", "USDC"],
    [
      "an authenticator app's otpauth link (issue 59)",
      "otpauth://totp/Settlement%20Console:fiona%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Settlement%20Console&algorithm=SHA1&digits=6&period=30",
    ],
    [
      "a longer payment URI",
      `solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v?amount=1000.5&label=${"x".repeat(60)}`,
    ],
  ])("%s decodes back with an independent reader (jsQR)", (_name, text) => {
    expect(decode(text)).toBe(text);
  });
});
