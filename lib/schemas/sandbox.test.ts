import { describe, expect, it } from "vitest";
import { issuePath } from "./error";
import { sandboxInfoSchema, sandboxPaymentStatusSchema, sandboxSettlementStatusSchema } from "./sandbox";

describe("sandbox bodies", () => {
  it("settlement status: any status of the enumeration, plus AWAITING_PAYIN_RECONCILIATION", () => {
    expect(sandboxSettlementStatusSchema.safeParse({ status: "SETTLEMENT_SENT" }).success).toBe(true);
    expect(sandboxSettlementStatusSchema.safeParse({ status: "AWAITING_PAYIN_RECONCILIATION" }).success).toBe(true);
    expect(
      sandboxSettlementStatusSchema.safeParse({
        status: "PAYIN_AMOUNT_MISMATCH",
        failure_code: "AMOUNT_MISMATCH_UNDERPAYMENT",
        failure_reason: "received 90 of 100",
      }).success,
    ).toBe(true);
  });

  it.each([
    [{}, "status"],
    [{ status: "DONE" }, "status"],
    [{ status: "PAYIN_FAILED", failure_code: "AMOUNT_MISMATCH_OVERPAYMENT" }, "failure_code"],
    [{ status: "PAYIN_AMOUNT_MISMATCH", failure_code: "UNDERPAID" }, "failure_code"],
  ])("settlement %j fails at %s", (body, path) => {
    const r = sandboxSettlementStatusSchema.safeParse(body);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });

  it("payment status: FAILED needs failure_reason; amount is canonical", () => {
    expect(sandboxPaymentStatusSchema.parse({ status: "COMPLETED", amount: "90" }).amount).toBe("90.00000000");
    expect(sandboxPaymentStatusSchema.safeParse({ status: "FAILED", failure_reason: "bank said no" }).success).toBe(
      true,
    );
  });

  it.each([
    [{ status: "FAILED" }, "failure_reason"],
    [{ status: "LOST" }, "status"],
    [{ status: "COMPLETED", amount: "-1" }, "amount"],
    [{ status: "COMPLETED", amount: "1.123456789" }, "amount"],
  ])("payment %j fails at %s", (body, path) => {
    const r = sandboxPaymentStatusSchema.safeParse(body);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });

  it("parses sandbox info", () => {
    const info = {
      environment: "sandbox",
      account: { id: "acc_1", name: "default" },
      balances: [
        {
          currency: "USDC",
          total_balance: "1000.00000000",
          available_balance: "900.00000000",
          reserved_balance: "100.00000000",
        },
      ],
      supported: { currencies: ["USDC"], rails: ["ACH"], chains: ["SOLANA"] },
      rate_limit: { limit: 100, window_seconds: 60 },
      server_time: "2026-11-21T10:00:00.000Z",
    };
    expect(sandboxInfoSchema.parse(info)).toEqual(info);
  });
});
