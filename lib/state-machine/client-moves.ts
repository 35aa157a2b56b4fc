/**
 * The client moves of a settlement request: what `PUT /v0/settlement-requests/{id}` may set,
 * from which statuses, and what changes with it (decisions D7.2, D7.3). The service plans with
 * this table (./plan-client-move.ts) and the dashboard offers the moves it allows.
 */
import type { PaymentStatus, PaymentType, SettlementStatus } from "./statuses";

/** The statuses a client may send on PUT (the document's enum). */
export const PUT_STATUSES = [
  "FUNDS_SENT",
  "REQUEST_COMPLETED",
  "REQUEST_CANCELED",
  "PAYIN_CANCELED",
  "PAYIN_UNDER_REVIEW",
  "PAYIN_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
] as const satisfies readonly SettlementStatus[];
export type PutStatus = (typeof PUT_STATUSES)[number];

/** Aliases accepted on PUT and answered with the canonical name (decisions D7.2). */
export const PUT_STATUS_ALIASES = {
  PROCESSING: "FUNDS_SENT",
  COMPLETED: "REQUEST_COMPLETED",
  CANCELED: "REQUEST_CANCELED",
} as const satisfies Record<string, PutStatus>;
export type PutStatusAlias = keyof typeof PUT_STATUS_ALIASES;

/** Every value the PUT body's `status` accepts, canonical names first: the zod enum. */
export const PUT_STATUS_INPUTS = [...PUT_STATUSES, ...(Object.keys(PUT_STATUS_ALIASES) as PutStatusAlias[])] as const;
export type PutStatusInput = PutStatus | PutStatusAlias;

const PUT_SET = new Set<string>(PUT_STATUSES);

/** The canonical PUT status for a value or alias; null when PUT cannot set it at all. */
export function canonicalPutStatus(input: PutStatusInput): PutStatus;
export function canonicalPutStatus(input: string): PutStatus | null;
export function canonicalPutStatus(input: string): PutStatus | null {
  if (PUT_SET.has(input)) return input as PutStatus;
  return Object.hasOwn(PUT_STATUS_ALIASES, input) ? PUT_STATUS_ALIASES[input as PutStatusAlias] : null;
}

export interface PutRule {
  /** The only statuses the move is allowed from. */
  from: readonly SettlementStatus[];
  inbound?: PaymentStatus;
  outbound?: PaymentStatus;
  setReconciliation?: true;
  setCompletedAt?: true;
  recordsMismatch?: true;
  /** Which payment the body's `txHash` is stored on; other moves ignore `txHash`. */
  txHashOn?: PaymentType;
}

const PAYIN_OPEN = ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"] as const;

/** The PUT table of decisions D7, row for row. No row starts from a final status. */
export const PUT_RULES: Readonly<Record<PutStatus, PutRule>> = {
  FUNDS_SENT: { from: ["REQUEST_STARTED"], inbound: "PENDING", setReconciliation: true, txHashOn: "PAYIN" },
  REQUEST_CANCELED: { from: ["REQUEST_STARTED"], inbound: "CANCELED", outbound: "CANCELED" },
  PAYIN_UNDER_REVIEW: { from: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE"], inbound: "UNDER_REVIEW" },
  // The payout these funds were to pay for is never funded: canceled with them (contract 2026-12-02).
  PAYIN_CANCELED: { from: PAYIN_OPEN, inbound: "CANCELED", outbound: "CANCELED" },
  PAYIN_FAILED: { from: PAYIN_OPEN, inbound: "FAILED", outbound: "CANCELED" },
  PAYIN_AMOUNT_MISMATCH: { from: PAYIN_OPEN, recordsMismatch: true },
  REQUEST_COMPLETED: {
    from: ["SETTLEMENT_SENT", "SETTLEMENT_COMPLETED"],
    setCompletedAt: true,
    txHashOn: "PAYOUT",
  },
};

/**
 * The table in one sentence, for the API description: targets with the same sources together,
 * in the table's order ("FUNDS_SENT, REQUEST_CANCELED from REQUEST_STARTED; ...").
 */
export function describeClientMoves(): string {
  const groups: Array<{ to: PutStatus[]; from: readonly SettlementStatus[] }> = [];
  for (const [to, rule] of Object.entries(PUT_RULES) as Array<[PutStatus, PutRule]>) {
    const same = groups.find((g) => g.from.join() === rule.from.join());
    if (same) same.to.push(to);
    else groups.push({ to: [to], from: rule.from });
  }
  return groups.map((g) => `${g.to.join(", ")} from ${g.from.join(", ")}`).join("; ");
}

export const RECONCILIATION_DEFAULT_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * `reconciliation_expected_at` when a request moves to FUNDS_SENT: the create-time override when
 * one was given, else now + 3 days (T+3, calendar days).
 */
export function reconciliationExpectedAt(override: Date | null | undefined, now: Date): Date {
  return override ?? new Date(now.getTime() + RECONCILIATION_DEFAULT_DAYS * DAY_MS);
}
