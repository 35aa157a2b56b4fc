import { describe, expect, it } from "vitest";
import { disbursementFilters } from "@/components/disbursements/list-filters";
import { v1Filters } from "@/components/v1-payments/v1-list-filters";
import { paymentFilters } from "@/components/payments/list-filters";
import { requestFilters } from "@/components/settlement-requests/list/list-filters";
import { createdRange, listFilters, oneOf, text } from "./list-filters";

const codec = listFilters(
  { status: oneOf(["OPEN", "DONE"]), q: text(5), id: text(4, { trim: true }), ...createdRange },
  { totals: true },
);

describe("listFilters", () => {
  it("reads the URL: unknown values become empty, the page at least 1", () => {
    expect(codec.fromParams({})).toEqual({ page: 1, status: "", q: "", id: "", created_from: "", created_to: "" });
    expect(
      codec.fromParams({
        page: "3",
        status: "DONE",
        q: " abcdefg",
        id: " ab ",
        created_from: "2025-02-30x",
        created_to: " 2025-03-01 ",
      }),
    ).toEqual({ page: 3, status: "DONE", q: " abcd", id: "ab", created_from: "", created_to: "2025-03-01" });
    expect(codec.fromParams({ page: "0", status: " DONE" })).toMatchObject({ page: 1, status: "" });
    expect(codec.fromParams({ page: ["2", "3"], status: ["OPEN"] })).toMatchObject({ page: 1, status: "" });
    expect(codec.fromParams({ page: "x" }).page).toBe(1);
  });

  it("writes the URL in the fields' order, empty ones and page 1 left out", () => {
    expect(codec.toSearch(codec.empty)).toBe("");
    expect(codec.toSearch({ ...codec.empty, created_to: "2025-01-02", status: "OPEN", page: 2 })).toBe(
      "?status=OPEN&created_to=2025-01-02&page=2",
    );
    expect(codec.toSearch({ ...codec.empty, q: "a b&" })).toBe("?q=a+b%26");
  });

  it("makes the action's query: set filters only, totals when asked", () => {
    expect(codec.toQuery({ ...codec.empty, status: "OPEN" })).toEqual({
      page: 1,
      page_size: 20,
      status: "OPEN",
      include: "totals",
    });
    expect(codec.toQuery({ ...codec.empty, page: 4 }, 100)).toEqual({ page: 4, page_size: 100, include: "totals" });
    expect(v1Filters.toQuery({ page: 2, status: "CREATED" })).toEqual({ page: 2, page_size: 20, status: "CREATED" });
  });

  it("tells whether any filter is set and parses one control's value", () => {
    expect(codec.isFiltered({ ...codec.empty, page: 3 })).toBe(false);
    expect(codec.isFiltered({ ...codec.empty, created_from: "2025-01-01" })).toBe(true);
    expect(codec.parse("status", "NOPE")).toBe("");
    expect(codec.parse("id", "  abcdef")).toBe("abcd");
    expect(codec.dated).toBe(true);
    expect(v1Filters.dated).toBe(false);
  });
});

describe("the lists' codecs", () => {
  it("keep the URLs the screens had", () => {
    const r = requestFilters.fromParams({
      status: "FUNDS_SENT",
      external_id: "inv-1",
      created_from: "2025-01-01",
      page: "2",
    });
    expect(requestFilters.toSearch(r)).toBe("?status=FUNDS_SENT&external_id=inv-1&created_from=2025-01-01&page=2");
    const p = paymentFilters.fromParams({ settlement_request_id: " abc ", type: "PAYOUT", status: "COMPLETED" });
    expect(paymentFilters.toSearch(p)).toBe("?status=COMPLETED&type=PAYOUT&settlement_request_id=abc");
    const d = disbursementFilters.fromParams({ currency: "USDT", status: "FAILED", created_to: "2025-05-05" });
    expect(disbursementFilters.toSearch(d)).toBe("?status=FAILED&currency=USDT&created_to=2025-05-05");
    expect(v1Filters.toSearch(v1Filters.fromParams({ status: "EXPIRED", page: "5" }))).toBe("?status=EXPIRED&page=5");
    expect(requestFilters.fromParams({ external_id: "x".repeat(300) }).external_id).toHaveLength(255);
    expect(paymentFilters.fromParams({ settlement_request_id: "y".repeat(70) }).settlement_request_id).toHaveLength(64);
  });
});
