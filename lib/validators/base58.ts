/**
 * Base58 (Bitcoin alphabet) decoding, for Solana and TRON addresses, by `@scure/base` (audited,
 * the same family as the `@noble/hashes` used for checksums). Browser-safe.
 */
import { base58 } from "@scure/base";

/** Longer inputs are never an address; the cap keeps the quadratic decode cheap. */
const MAX_INPUT = 128;

/** Decodes a base58 string to bytes; null when it is empty, too long or has a foreign character. */
export function base58Decode(input: string): Uint8Array | null {
  if (input.length === 0 || input.length > MAX_INPUT) return null;
  try {
    return base58.decode(input);
  } catch {
    return null;
  }
}
