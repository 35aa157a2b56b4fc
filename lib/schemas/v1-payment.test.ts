import { describe, expect, it } from "vitest";
import { issuePath } from "./error";
import { VALID } from "./test-fixtures";
import { v1NotificationSchema, v1PaymentCreateSchema } from "./v1-payment";

const body = {
  type: "LIQUIDITY",
  amount: 25.5,
  currency_code: "USDC",
  chain: "SOLANA",
  destination_wallet: VALID.solana,
};

describe("/v1 payment bodies", () => {
  it("accepts a create body", () => {
    const out = v1PaymentCreateSchema.parse({
      ...body,
      account_holder: { type: "INDIVIDUAL", first_name: "A", last_name: "B", email: "a@b.co" },
      metadata: { any: { nested: 1 } },
      idempotency_key: "k-1",
    });
    expect(out.amount).toBe("25.50000000");
  });

  it.each([
    [{ ...body, type: "PAYOUT" }, "type"],
    [{ ...body, amount: 0 }, "amount"],
    [{ ...body, amount: "1.0000001" }, "amount"],
    [{ ...body, currency_code: "USDT" }, "currency_code"],
    [{ ...body, chain: "BITCOIN" }, "chain"],
    [{ ...body, chain: "ETHEREUM" }, "destination_wallet"],
    [{ ...body, account_holder: { type: "BUSINESS" } }, "account_holder.type"],
    [{ ...body, idempotency_key: "" }, "idempotency_key"],
  ])("%j fails at %s", (input, path) => {
    const r = v1PaymentCreateSchema.safeParse(input);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });

  it("notification: INCOMING_PAYMENT over WIRE", () => {
    expect(
      v1NotificationSchema.safeParse({ type: "INCOMING_PAYMENT", reference_id: "ref_1", rail: "WIRE" }).success,
    ).toBe(true);
    const r = v1NotificationSchema.safeParse({ type: "OUTGOING", rail: "ACH" });
    expect(r.error?.issues.map((i) => issuePath(i.path)).sort()).toEqual(["rail", "reference_id", "type"]);
  });
});
