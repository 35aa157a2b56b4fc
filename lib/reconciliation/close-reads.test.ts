import { describe, expect, it } from "vitest";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { CloseReadsTally, IN_TRANSIT_SHOWN } from "./close-reads";

const payment = (id: string, over: Partial<Payment>): Payment =>
  ({
    id,
    type: "PAYOUT",
    status: "PENDING",
    source: { amount: "10.00", currency: "USDC", rail: "ETHEREUM" },
    destination: { amount: "9.50", currency: "EUR", rail: "LOCAL" },
    created_at: "2026-10-20T10:00:00.000Z",
    updated_at: "2026-10-20T10:00:00.000Z",
    completed_at: null,
    fee: "0",
    metadata: {},
    ...over,
  }) as Payment;

const request = (id: string, over: Partial<SettlementRequest>, a = ["USDC", "100.00"], b = ["EUR", "92.10"]) =>
  ({
    id,
    status: "SETTLEMENT_COMPLETED",
    created_at: "2026-10-05T08:00:00.000Z",
    inbound_payment: { id: `${id}-in`, currency: a[0], amount: a[1] },
    outbound_payment: { id: `${id}-out`, currency: b[0], amount: b[1] },
    ...over,
  }) as unknown as SettlementRequest;

describe("a month's close reads", () => {
  it("counts in transit what was still moving at the month's end: in flight now, or completed after it", () => {
    const tally = new CloseReadsTally("2026-10", "UTC");
    tally.addPayment(payment("moving", {}));
    tally.addPayment(payment("late", { status: "COMPLETED", completed_at: "2026-11-01T00:00:00.000Z" }));
    tally.addPayment(payment("done", { status: "COMPLETED", completed_at: "2026-10-31T23:59:59.999Z" }));
    tally.addPayment(payment("failed", { status: "FAILED" }));
    tally.addPayment(payment("next-month", { created_at: "2026-11-01T00:00:00.000Z" }));
    tally.addPayment(
      payment("payin", {
        type: "PAYIN",
        source: { amount: "50.00", currency: "EUR", rail: "LOCAL" },
        destination: { amount: "49.00", currency: "USDC", rail: "ETHEREUM" },
      }),
    );
    const [eur, usdc] = tally.result(["EUR", "USDC"]);
    expect(eur?.inTransit.map((p) => p.id).sort()).toEqual(["late", "moving", "payin"]);
    // A payout counts what the recipient gets; an inbound payment what the payer sends.
    expect(eur?.inTransitTotal).toBe("69");
    expect(eur?.inTransitCount).toBe(3);
    expect(usdc).toMatchObject({ inTransitCount: 0, inTransitTotal: "0", inTransit: [] });
  });

  it("counts every payment in transit but names only the oldest, oldest first", () => {
    const tally = new CloseReadsTally("2026-10", "UTC");
    const n = IN_TRANSIT_SHOWN + 25;
    // The sync reads newest first.
    for (let i = n - 1; i >= 0; i--)
      tally.addPayment(
        payment(`p${String(i).padStart(4, "0")}`, { created_at: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString() }),
      );
    const [eur] = tally.result(["EUR"]);
    expect(eur?.inTransitCount).toBe(n);
    expect(eur?.inTransitTotal).toBe((9.5 * n).toFixed(1).replace(/\.0$/, ""));
    expect(eur?.inTransit).toHaveLength(IN_TRANSIT_SHOWN);
    expect(eur?.inTransit[0]?.id).toBe("p0000");
    expect(eur?.inTransit.at(-1)?.id).toBe(`p${String(IN_TRANSIT_SHOWN - 1).padStart(4, "0")}`);
  });

  it("sums the month's completed conversions per pair, in decimals, for both currencies of a pair", () => {
    const tally = new CloseReadsTally("2026-10", "UTC");
    tally.addRequest(request("a", {}, ["USDC", "0.10"], ["EUR", "0.20"]));
    tally.addRequest(request("b", { status: "REQUEST_COMPLETED" }, ["USDC", "0.20"], ["EUR", "0.10"]));
    tally.addRequest(request("pending", { status: "AWAITING_PAYMENT" as SettlementRequest["status"] }));
    tally.addRequest(request("same", {}, ["USDC", "5.00"], ["USDC", "5.00"]));
    tally.addRequest(request("before", { created_at: "2026-09-30T23:59:59.999Z" }));
    tally.addRequest(request("after", { created_at: "2026-11-01T00:00:00.000Z" }));
    tally.addRequest(request("gbp", {}, ["GBP", "10.00"], ["USDC", "12.50"]));
    const [usdc, eur, mxn] = tally.result(["USDC", "EUR", "MXN"]);
    expect(eur?.fx).toEqual([
      { pair: "USDC → EUR", count: 2, source: "USDC", destination: "EUR", sourceTotal: "0.3", destinationTotal: "0.3" },
    ]);
    expect(usdc?.fx.map((f) => f.pair)).toEqual(["GBP → USDC", "USDC → EUR"]);
    expect(mxn?.fx).toEqual([]);
  });
});
