import { describe, expect, it } from "vitest";
import { issuePath } from "./error";
import { paginated, settlementRequestListQuerySchema } from "./list";
import { paymentListQuerySchema } from "./payment";
import { paymentSummarySchema } from "./settlement-request-response";

describe("list queries", () => {
  it("defaults page 1 and page_size 20, coercing query strings", () => {
    expect(settlementRequestListQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(
      settlementRequestListQuerySchema.parse({ page: "3", page_size: "100", status: "FUNDS_SENT", external_id: "abc" }),
    ).toEqual({
      page: 3,
      page_size: 100,
      status: "FUNDS_SENT",
      external_id: "abc",
    });
    expect(settlementRequestListQuerySchema.parse({ status: "AWAITING_PAYIN_RECONCILIATION" }).status).toBe(
      "AWAITING_PAYIN_RECONCILIATION",
    );
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ page: "-1" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ page: "abc" }, "page"],
    [{ page_size: "0" }, "page_size"],
    [{ page_size: "101" }, "page_size"],
    [{ status: "DONE" }, "status"],
  ])("settlement list %j fails at %s", (query, path) => {
    const r = settlementRequestListQuerySchema.safeParse(query);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });

  it("payments list filters", () => {
    expect(
      paymentListQuerySchema.parse({ type: "PAYIN", status: "UNDER_REVIEW", settlement_request_id: "x" }),
    ).toMatchObject({ type: "PAYIN", page: 1 });
    expect(paymentListQuerySchema.safeParse({ type: "REFUND" }).success).toBe(false);
    expect(paymentListQuerySchema.safeParse({ status: "FUNDS_SENT" }).success).toBe(false);
  });

  it("paginated() wraps items", () => {
    const schema = paginated(paymentSummarySchema);
    const page = {
      data: [
        {
          id: "p1",
          type: "PAYIN",
          status: "PENDING",
          amount: "1.00000000",
          currency: "USD",
          created_at: "2026-11-21T10:00:00Z",
        },
      ],
      pagination: { page: 1, page_size: 20, total: 1, total_pages: 1 },
    };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ data: [] }).success).toBe(false);
  });
});
