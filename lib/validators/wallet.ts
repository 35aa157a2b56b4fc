/**
 * Wallet address formats of the supported chains (decisions D5).
 * EVM (ETHEREUM, POLYGON, BASE): 0x + 40 hex, EIP-55 checksum enforced when mixed case.
 * SOLANA: base58 decoding to exactly 32 bytes. TRON: base58check, 21 bytes starting 0x41 ("T…").
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { base58Decode } from "./base58";

/** The EVM chains of the catalog (lib/schemas/catalog.ts; its test holds them to CHAINS). */
export const EVM_CHAINS = ["ETHEREUM", "POLYGON", "BASE"] as const;

export function isEvmChain(chain: string): chain is (typeof EVM_CHAINS)[number] {
  return (EVM_CHAINS as readonly string[]).includes(chain);
}

/** The EIP-55 mixed-case form of a 0x + 40 hex address. */
export function toEip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}

export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toEip55(address) === address;
}

export function isValidSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  return base58Decode(address)?.length === 32;
}

export function isValidTronAddress(address: string): boolean {
  if (address.length !== 34 || address[0] !== "T") return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (check[i] !== bytes[21 + i]) return false;
  return true;
}

/** True when `address` is a well-formed address on `chain`. Unknown chains: false. */
export function isValidWalletAddress(chain: string, address: string): boolean {
  if (isEvmChain(chain)) return isValidEvmAddress(address);
  if (chain === "SOLANA") return isValidSolanaAddress(address);
  if (chain === "TRON") return isValidTronAddress(address);
  return false;
}

/** Why an address does not fit the chain, or null when it does. */
export function walletAddressProblem(chain: string, address: string): string | null {
  if (isValidWalletAddress(chain, address)) return null;
  if (isEvmChain(chain)) {
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? "fails the EIP-55 checksum (mixed case)"
      : `is not a ${chain} address (0x + 40 hex characters)`;
  }
  if (chain === "SOLANA") return "is not a SOLANA address (base58, 32 bytes)";
  if (chain === "TRON") return "is not a TRON address (base58check, starting with T)";
  return `cannot be checked on unknown chain ${chain}`;
}

/**
 * The chain an address belongs to, for disbursements without `chain`. EVM addresses default
 * to ETHEREUM (they are valid on POLYGON and BASE too). Null when no format fits.
 */
export function inferChain(address: string): "ETHEREUM" | "SOLANA" | "TRON" | null {
  if (isValidEvmAddress(address)) return "ETHEREUM";
  if (isValidTronAddress(address)) return "TRON";
  if (isValidSolanaAddress(address)) return "SOLANA";
  return null;
}
