import "server-only";
import { Dec } from "@/lib/money/decimal";
import type { Chain } from "@/lib/schemas/catalog";

/**
 * The network fee of an on-chain transfer, per chain, in the stablecoin moved (the document's
 * /v1 "variable network fee": it varies by chain). No platform fee on /v1. A /v1 payment is
 * accepted only when available ≥ amount + fee; the fee is debited from the pre-funded balance
 * separately from the amount, when the transfer confirms.
 */
export const NETWORK_FEES: Readonly<Record<Chain, string>> = {
  ETHEREUM: "2.50",
  POLYGON: "0.05",
  BASE: "0.10",
  SOLANA: "0.01",
  TRON: "1.00",
};

export function networkFee(chain: Chain): Dec {
  return new Dec(NETWORK_FEES[chain]);
}

/** The table as one sentence, for the OpenAPI description. */
export const NETWORK_FEE_DESCRIPTION = `Network fee per chain (stablecoin units): ${Object.entries(NETWORK_FEES)
  .map(([chain, fee]) => `${chain} ${fee}`)
  .join(", ")}.`;
