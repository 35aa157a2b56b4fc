import "server-only";
import { createHash } from "node:crypto";
import type { Chain } from "@/lib/schemas/catalog";
import { isEvmChain, toEip55 } from "@/lib/validators/wallet";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/**
 * The simulated deposit wallet of one settlement request on one chain: derived from the request
 * id, so each request has its own address (as a real service would, to match deposits) and a
 * retry computes the same one. Valid in the chain's own format.
 */
export function depositAddress(chain: Chain, requestId: string): string {
  const seed = sha256(`deposit:${chain}:${requestId}`);
  if (isEvmChain(chain)) return toEip55(`0x${seed.subarray(0, 20).toString("hex")}`);
  if (chain === "SOLANA") return base58Encode(seed);
  // TRON: 0x41 + 20 bytes, base58check (double SHA-256 checksum).
  const payload = Buffer.concat([Buffer.from([0x41]), seed.subarray(0, 20)]);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, checksum]));
}
