/**
 * What reconciliation expects of a payout the API instructed (decisions D24.5, D25.9): a payout
 * is expected to settle, unless it was canceled or its payin never funded it (the payin came in
 * wrong, or went back to the payer).
 */
import { describe, expect, it } from "vitest";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { expectedPayoutOf } from "./sync";

const payout = (status: string) =>
  ({
    id: "p-out",
    type: "PAYOUT",
    status,
    created_at: "2026-12-04T10:00:00.000Z",
    destination: { amount: "9.99000000", currency: "USDC", rail: "SOLANA" },
    settlement_request_id: "r-1",
    disbursement_id: null,
  }) as unknown as Payment;
const request = (status: string) =>
  ({ id: "r-1", status, external_id: "inv-1", metadata: {}, destination: {} }) as unknown as SettlementRequest;

describe("expectedPayoutOf", () => {
  it("expects a payout on its way, under its request's external_id, for 7 days", () => {
    expect(expectedPayoutOf(payout("PENDING"), request("FUNDS_SENT"))).toMatchObject({
      direction: "out",
      amount: "9.99000000",
      reference: "inv-1",
      windowStart: "2026-12-04",
      windowEnd: "2026-12-11",
    });
  });

  it("does not expect a payout its payin never funded, nor a canceled one", () => {
    expect(expectedPayoutOf(payout("PENDING"), request("PAYIN_AMOUNT_MISMATCH"))).toBeNull();
    expect(expectedPayoutOf(payout("PENDING"), request("REQUEST_REFUNDED"))).toBeNull();
    expect(expectedPayoutOf(payout("CANCELED"), request("PAYIN_CANCELED"))).toBeNull();
    // A payout that did go is still expected, whatever its request says since.
    expect(expectedPayoutOf(payout("COMPLETED"), request("REQUEST_REFUNDED"))).not.toBeNull();
  });
});
