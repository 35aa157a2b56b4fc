/**
 * How a balance statement reads in the console and in its CSV (browser-safe).
 */
import type { StatementEntry } from "@/lib/schemas/statement";

export const MOVEMENT_LABELS: Record<StatementEntry["kind"], string> = {
  seed: "Starting balance (sandbox)",
  operator_set: "Set by the operator",
  sandbox_fund: "Added in the sandbox",
  reserve: "Reserved",
  release: "Released",
  consume: "Paid out (reserve used)",
  network_fee: "Network fee",
};

/** Where the resource behind a movement opens, if it has a page. */
export function causeHref(entry: Pick<StatementEntry, "ref_type" | "ref_id">): string | null {
  if (!entry.ref_id) return null;
  if (entry.ref_type === "disbursement") return `/disbursements/${encodeURIComponent(entry.ref_id)}`;
  if (entry.ref_type === "v1_payment") return `/v1-payments/${encodeURIComponent(entry.ref_id)}`;
  return null;
}

export const STATEMENT_CURRENCIES = ["USDC", "USDT", "EURC"] as const;
