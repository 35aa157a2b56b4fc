/**
 * The status timeline's rows: the request's own moves (its history) and the moves of its
 * payments (from its payment events), oldest first. A payment move that did not change the
 * request's status (payin processing, funds received before the payout starts, payout
 * processing) is still a row, so "when did the funds arrive?" has an answer. Browser-safe, pure.
 */
import type { SettlementHistoryEntry } from "@/lib/schemas/settlement-request-response";

export type PaymentMove = {
  at: string;
  side: "in" | "out";
  paymentId: string;
  status: string;
  /** The event that told it, e.g. payment.completed. */
  eventType: string;
  transactionHash: string | null;
  failureReason: string | null;
};

export type TimelineItem =
  | { kind: "request"; at: string; entry: SettlementHistoryEntry }
  | { kind: "payment"; at: string; move: PaymentMove };

type EventLike = { type: string; created_at: string; data: Record<string, unknown> };

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The payment moves among a request's events, oldest first, from the events list as it comes
 * (newest first: events stamped in one instant keep the order they happened in). payment.created
 * is left out: the payments start with the request.
 */
export function paymentMoves(newestFirst: readonly EventLike[]): PaymentMove[] {
  const moves: PaymentMove[] = [];
  for (const e of [...newestFirst].reverse()) {
    if (!e.type.startsWith("payment.") || e.type === "payment.created") continue;
    const side = e.data.type === "PAYIN" ? "in" : e.data.type === "PAYOUT" ? "out" : null;
    const paymentId = text(e.data.id);
    const status = text(e.data.status);
    if (!side || !paymentId || !status) continue;
    const party = (side === "in" ? e.data.source : e.data.destination) as Record<string, unknown> | undefined;
    moves.push({
      at: e.created_at,
      side,
      paymentId,
      status,
      eventType: e.type,
      transactionHash: text(party?.transaction_hash),
      failureReason: text(e.data.failure_reason),
    });
  }
  return moves;
}

/**
 * Both kinds of rows by time. At the same instant the payment's move comes first: it is what
 * moved the request (both are written in one transaction).
 */
export function timelineItems(
  history: readonly SettlementHistoryEntry[],
  moves: readonly PaymentMove[],
): TimelineItem[] {
  const items: TimelineItem[] = [
    ...history.map((entry) => ({ kind: "request" as const, at: entry.at, entry })),
    ...moves.map((move) => ({ kind: "payment" as const, at: move.at, move })),
  ];
  const rank = (i: TimelineItem) => (i.kind === "payment" ? 0 : 1);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => Date.parse(a.item.at) - Date.parse(b.item.at) || rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
