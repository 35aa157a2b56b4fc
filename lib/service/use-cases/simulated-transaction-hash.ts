import "server-only";
import { randomBytes } from "node:crypto";
import type { Chain } from "@/lib/schemas/catalog";
import { isEvmChain } from "@/lib/validators/wallet";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * A transaction hash in the chain's own form, for the simulated rails: EVM 0x + 64 hex, TRON
 * 64 hex, SOLANA an 88-character base58 signature.
 */
export function simulatedTransactionHash(chain: Chain): string {
  if (isEvmChain(chain)) return `0x${randomBytes(32).toString("hex")}`;
  if (chain === "TRON") return randomBytes(32).toString("hex");
  return Array.from(randomBytes(88), (b) => BASE58[b % 58]).join("");
}
