import { describe, expect, it } from "vitest";
import type { ApiResult } from "./result";
import { newestFirst, type Window } from "./newest-first";

type Row = { id: string; created_at: string };

/** A month of rows, newest first as the API lists them; 150 of them share one millisecond. */
function month(): Row[] {
  const rows: Row[] = [];
  const start = Date.parse("2026-10-01T00:00:00.000Z");
  for (let i = 0; i < 1_000; i++)
    rows.push({ id: `r_${String(i).padStart(5, "0")}`, created_at: new Date(start + i * 37_000).toISOString() });
  for (let k = 0; k < 150; k++)
    rows.push({ id: `t_${String(k).padStart(5, "0")}`, created_at: "2026-10-15T12:00:00.000Z" });
  // Two rows on the month's edges and one outside it.
  rows.push(
    { id: "edge_last", created_at: "2026-10-31T23:59:59.999Z" },
    { id: "outside", created_at: "2026-11-01T00:00:00.000Z" },
  );
  return rows.sort((a, b) =>
    a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at),
  );
}

/** The service's list: a date's `created_to` is its whole day, an instant's is exclusive. */
function service(rows: Row[], calls: Window[], failures: Array<ApiResult<never>> = []) {
  return async (w: Window): Promise<ApiResult<{ data: Row[] }>> => {
    calls.push(w);
    const failure = failures.shift();
    if (failure) return failure;
    const from = Date.parse(w.created_from);
    const before = /^\d{4}-\d{2}-\d{2}$/.test(w.created_to)
      ? Date.parse(w.created_to) + 86_400_000
      : Date.parse(w.created_to);
    const inWindow = rows.filter((r) => Date.parse(r.created_at) >= from && Date.parse(r.created_at) < before);
    const data = inWindow.slice((w.page - 1) * w.page_size, w.page * w.page_size);
    return { ok: true, data: { data }, status: 200, replayed: false };
  };
}

const drain = async <T>(rows: AsyncGenerator<T>) => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

const limited = (retryAfterSeconds?: number): ApiResult<never> => ({
  ok: false,
  error: {
    kind: "api",
    status: 429,
    code: "rate_limited",
    message: "Rate limit exceeded",
    details: [],
    retryAfterSeconds,
  },
});

describe("a list read through moving windows", () => {
  it("gives every row of the month once, newest first, and never asks past the second page", async () => {
    const rows = month();
    const calls: Window[] = [];
    const got = await drain(newestFirst(service(rows, calls), "2026-10-01", "2026-10-31"));
    const expected = rows.filter((r) => r.id !== "outside");
    expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    // 1,151 rows in pages of 100: a dozen calls, the 150 rows of one millisecond costing one more.
    expect(calls.length).toBeLessThanOrEqual(14);
    expect(Math.max(...calls.map((c) => c.page))).toBe(2);
    expect(calls.every((c) => c.page_size === 100 && c.created_from === "2026-10-01")).toBe(true);
  });

  it("waits out a 429 for its Retry-After and goes on, the rows unchanged", async () => {
    const rows = month();
    const calls: Window[] = [];
    const slept: number[] = [];
    const got = await drain(
      newestFirst(service(rows, calls, [limited(7), limited()]), "2026-10-01", "2026-10-31", {
        sleep: async (ms) => {
          slept.push(ms);
        },
      }),
    );
    expect(slept).toEqual([7_000, 1_000]);
    expect(got).toHaveLength(rows.length - 1);
  });

  it("ends the report with the service's words on any other failure, or after a dozen 429s in a row", async () => {
    const failure: ApiResult<never> = {
      ok: false,
      error: { kind: "api", status: 503, code: "unavailable", message: "upstream 503", details: [] },
    };
    await expect(drain(newestFirst(service(month(), [], [failure]), "2026-10-01", "2026-10-31"))).rejects.toThrow(
      "The service answered: upstream 503",
    );
    const many = Array.from({ length: 13 }, () => limited(1));
    await expect(
      drain(newestFirst(service(month(), [], many), "2026-10-01", "2026-10-31", { sleep: async () => {} })),
    ).rejects.toThrow("Rate limit exceeded");
  });

  it("refuses a list that is not newest first, before giving any of its rows twice", async () => {
    const oldestFirst = month().reverse();
    const got: Row[] = [];
    await expect(
      (async () => {
        for await (const r of newestFirst(service(oldestFirst, []), "2026-10-01", "2026-10-31")) got.push(r);
      })(),
    ).rejects.toThrow("not newest first");
    expect(got).toEqual([]);
  });
});
