import { describe, expect, it } from "vitest";
import type { SettlementHistoryEntry } from "@/lib/schemas/settlement-request-response";
import { paymentMoves, timelineItems } from "./timeline-items";

const payin = (status: string, at: string, type = `payment.${status.toLowerCase()}`) => ({
  type,
  created_at: at,
  data: { id: "pay_in", type: "PAYIN", status, source: { transaction_hash: status === "COMPLETED" ? "0xabc" : null } },
});

describe("paymentMoves", () => {
  it("keeps payment moves with their side, status and hash; skips creation, request events and malformed data", () => {
    const moves = paymentMoves([
      { type: "payment.failed", created_at: "2026-11-24T10:04:00.000Z", data: { id: "pay_x" } },
      // The payin's completion started the payout in the same instant: newest first, as listed.
      {
        type: "payment.processing",
        created_at: "2026-11-24T10:02:00.000Z",
        data: { id: "pay_out", type: "PAYOUT", status: "PROCESSING" },
      },
      {
        type: "settlement_request.updated",
        created_at: "2026-11-24T10:02:00.000Z",
        data: { id: "sr", status: "SETTLEMENT_SENT" },
      },
      payin("COMPLETED", "2026-11-24T10:02:00.000Z"),
      payin("PROCESSING", "2026-11-24T10:01:00.000Z"),
      payin("AWAITING_FUNDS", "2026-11-24T10:00:00.000Z", "payment.created"),
    ]);
    expect(moves.map((m) => [m.side, m.status, m.transactionHash])).toEqual([
      ["in", "PROCESSING", null],
      ["in", "COMPLETED", "0xabc"],
      ["out", "PROCESSING", null],
    ]);
  });
});

describe("timelineItems", () => {
  const entry = (
    at: string,
    from: SettlementHistoryEntry["from"],
    to: SettlementHistoryEntry["to"],
    cause: SettlementHistoryEntry["cause"],
  ): SettlementHistoryEntry => ({ at, from, to, cause });

  it("interleaves by time, a payment's move before the request move it caused at the same instant", () => {
    const history = [
      entry("2026-11-24T10:00:00.000Z", null, "REQUEST_STARTED", "api"),
      entry("2026-11-24T10:02:00.000Z", "REQUEST_STARTED", "SETTLEMENT_SENT", "payment"),
    ];
    const moves = paymentMoves([
      payin("COMPLETED", "2026-11-24T10:02:00.000Z"),
      payin("PROCESSING", "2026-11-24T10:01:00.000Z"),
    ]);
    const items = timelineItems(history, moves);
    expect(items.map((i) => (i.kind === "request" ? i.entry.to : `pay:${i.move.status}`))).toEqual([
      "REQUEST_STARTED",
      "pay:PROCESSING",
      "pay:COMPLETED",
      "SETTLEMENT_SENT",
    ]);
  });

  it("is the history alone when there are no payment events (a service without the events list)", () => {
    const history = [entry("2026-11-24T10:00:00.000Z", null, "REQUEST_STARTED", "api")];
    expect(timelineItems(history, [])).toEqual([{ kind: "request", at: history[0].at, entry: history[0] }]);
  });
});
