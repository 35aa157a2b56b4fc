/**
 * Ready-made sandbox requests for the quick flow (browser-safe). Valid identifiers of each
 * shape, so the request is accepted as is; nothing here reaches a real bank or chain.
 */
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";

export type SampleKind = "offramp_eur" | "onramp_usdc";

export const SAMPLES: Record<SampleKind, { label: string; text: string; body: SettlementRequestCreateInput }> = {
  offramp_eur: {
    label: "USDC → EUR to an IBAN",
    text: "Off-ramp: the payer sends USDC on Solana, the recipient gets €250.00.",
    body: {
      type: "STABLECOIN_TO_FIAT",
      payment_reason: "PURCHASE_OF_SERVICES",
      source: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
      destination: {
        currency: "EUR",
        rail: "LOCAL",
        amount: "250.00",
        iban: "DE89370400440532013000",
        beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "DE" } },
      },
      external_id: "sandbox-quick-flow",
    },
  },
  onramp_usdc: {
    label: "USD → USDC to a wallet",
    text: "On-ramp: the payer wires $500.00, the recipient gets USDC on Ethereum.",
    body: {
      type: "FIAT_TO_STABLECOIN",
      payment_reason: "PURCHASE_OF_SERVICES",
      amount: "500",
      source: { currency: "USD", rail: "ACH", country_code: "US" },
      destination: { currency: "USDC", rail: "ETHEREUM", wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
      external_id: "sandbox-quick-flow",
    },
  },
};
