/**
 * Base58 (Bitcoin alphabet) decoding, for Solana and TRON addresses. Browser-safe, no Buffer.
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const INDEX: ReadonlyMap<string, number> = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Longer inputs are never an address; the cap keeps the quadratic decode cheap. */
const MAX_INPUT = 128;

/** Decodes a base58 string to bytes; null when it is empty, too long or has a foreign character. */
export function base58Decode(input: string): Uint8Array | null {
  if (input.length === 0 || input.length > MAX_INPUT) return null;
  const bytes: number[] = []; // little-endian big number
  for (const char of input) {
    const digit = INDEX.get(char);
    if (digit === undefined) return null;
    let carry = digit;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let leadingZeros = 0;
  while (leadingZeros < input.length && input[leadingZeros] === "1") leadingZeros++;
  const out = new Uint8Array(leadingZeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i];
  return out;
}
