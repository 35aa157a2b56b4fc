/**
 * Payins that came in wrong (issue 64, decisions D25.9): which requests make a case, what may
 * go back and at which places, against figures worked by hand.
 */
import { describe, expect, it } from "vitest";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { caseOf } from "./cases";
import { isReplaceable, stageOf } from "./stage";

const PAYER = "0x52908400098527886E0F7030069857D2E4169EE7";

const request = (over: Partial<SettlementRequest> = {}, currency = "USDC", amount = "100.00000000") =>
  ({
    id: "11111111-1111-4111-8111-111111111111",
    type: "STABLECOIN_TO_STABLECOIN",
    status: "PAYIN_AMOUNT_MISMATCH",
    external_id: "inv-7",
    created_at: "2026-12-01T10:00:00.000Z",
    source: { currency, rail: "ETHEREUM", wallet_address: null },
    inbound_payment: { id: "p-in", type: "PAYIN", status: "COMPLETED", amount, currency, created_at: "" },
    ...over,
  }) as unknown as SettlementRequest;

const payin = (received: string | null, over: Partial<Payment> = {}, currency = "USDC", amount = "100.00000000") =>
  ({
    id: "p-in",
    type: "PAYIN",
    status: "COMPLETED",
    source: { amount, currency, rail: "ETHEREUM", wallet_address: PAYER },
    received_amount: received,
    ...over,
  }) as unknown as Payment;

describe("caseOf", () => {
  it("a payin reconciliation found paid twice: all 100.000000 of it is extra, and may go back whole to where it came from", () => {
    const completed = { status: "REQUEST_COMPLETED" as SettlementRequest["status"] };
    const c = caseOf(request(completed), payin(null), true);
    expect(c).toMatchObject({
      kind: "duplicate",
      expected: "100.000000",
      received: "100.000000",
      difference: "100.000000",
      payerWallet: PAYER,
      returnable: { whole: "100.000000" },
    });
    expect(c?.returnable.excess).toBeUndefined();
    // Not flagged, a completed request makes no case.
    expect(caseOf(request(completed), payin(null))).toBeNull();
    // A fiat duplicate cannot go back through the API.
    expect(caseOf(request(completed, "USD", "100.00"), payin(null, {}, "USD", "100.00"), true)?.returnable).toEqual({});
  });

  it("an overpayment of 100 USDC by 25.5: the excess 25.500000 or all 125.500000 back to the payer's address", () => {
    const c = caseOf(request(), payin("125.50000000"));
    expect(c).toMatchObject({
      kind: "overpaid",
      expected: "100.000000",
      received: "125.500000",
      difference: "25.500000",
      payerWallet: PAYER,
      payerChain: "ETHEREUM",
      returnable: { excess: "25.500000", whole: "125.500000" },
    });
  });

  it("an underpayment: no excess, all that arrived may go back", () => {
    const c = caseOf(request(), payin("99.99"));
    expect(c?.kind).toBe("underpaid");
    expect(c?.difference).toBe("-0.010000");
    expect(c?.returnable).toEqual({ whole: "99.990000" });
  });

  it("a late payin has nothing to return yet; an expired one whose funds arrived may go back whole", () => {
    const late = caseOf(request({ status: "FUNDS_RECEIVING_LATE" }), payin(null, { status: "PENDING" }));
    expect(late).toMatchObject({ kind: "late", received: null, difference: null, returnable: {} });
    const expired = caseOf(request({ status: "REQUEST_EXPIRED" }), payin(null));
    expect(expired).toMatchObject({
      kind: "after_expiry",
      received: "100.000000",
      returnable: { whole: "100.000000" },
    });
    expect(caseOf(request({ status: "REQUEST_EXPIRED" }), payin(null, { status: "EXPIRED" }))).toBeNull();
  });

  it("a fiat payin is decided, never returned through the API (EUR at 2 places)", () => {
    const c = caseOf(request({}, "EUR", "50.00000000"), payin("60.00000000", {}, "EUR", "50.00000000"));
    expect(c).toMatchObject({ kind: "overpaid", difference: "10.00", returnable: {} });
  });

  it("no case for a request that settled or whose mismatch is none", () => {
    expect(caseOf(request({ status: "REQUEST_COMPLETED" }), payin("125"))).toBeNull();
    expect(caseOf(request(), payin("100"))).toBeNull();
  });
});

describe("stageOf", () => {
  it("follows a return from its approval to its disbursement's end", () => {
    expect(stageOf({ decision: "return", submissionStatus: "pending", disbursementStatus: null })).toBe(
      "awaiting_approval",
    );
    expect(stageOf({ decision: "return", submissionStatus: "denied", disbursementStatus: null })).toBe("denied");
    expect(stageOf({ decision: "return", submissionStatus: null, disbursementStatus: "PROCESSING" })).toBe("returning");
    expect(stageOf({ decision: "return", submissionStatus: "sent", disbursementStatus: "COMPLETED" })).toBe("returned");
    expect(stageOf({ decision: "return", submissionStatus: null, disbursementStatus: "FAILED" })).toBe("failed");
    expect(stageOf({ decision: "accept", submissionStatus: null, disbursementStatus: null })).toBe("accepted");
  });

  it("only a decision that paid nothing and never will may be replaced", () => {
    expect(isReplaceable("denied")).toBe(true);
    expect(isReplaceable("failed")).toBe(true);
    expect(isReplaceable("returning")).toBe(false);
    expect(isReplaceable("returned")).toBe(false);
    expect(isReplaceable("awaiting_approval")).toBe(false);
  });
});
