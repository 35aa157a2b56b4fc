/**
 * Whether a transaction hash has the shape of its chain (issue 35, finding 18: an EVM-style
 * hash was accepted for a Solana payment): EVM chains 0x + 64 hex; Tron 64 hex (0x allowed);
 * Solana a base58 signature of 64 bytes. Browser-safe.
 */
import { base58Decode } from "./base58";
import { isEvmChain } from "./wallet";

/** Why `hash` is no transaction of `chain`, or null when it could be. */
export function transactionHashProblem(chain: string, hash: string): string | null {
  if (isEvmChain(chain))
    return /^0x[0-9a-fA-F]{64}$/.test(hash)
      ? null
      : `is not a transaction hash of ${chainName(chain)} (0x and 64 hex characters)`;
  if (chain === "TRON")
    return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) ? null : "is not a Tron transaction hash (64 hex characters)";
  if (chain === "SOLANA") {
    const bytes = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(hash) ? base58Decode(hash) : null;
    return bytes?.length === 64 ? null : "is not a Solana transaction signature (base58, 64 bytes)";
  }
  return null;
}

function chainName(chain: string): string {
  return chain.charAt(0) + chain.slice(1).toLowerCase();
}
