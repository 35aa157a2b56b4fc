/**
 * GET /v0/exports/{kind} (extension, issue 57, decisions D6.9): a window's every row in one
 * streamed call. The oracle is the API's own list: the export holds exactly the rows the list's
 * pages give, in the same order and each exactly as the list shows it, across pages of 500 whose
 * edges fall inside runs of rows created in the same millisecond (a cloned history has forty
 * rows to each instant). It costs one call of the rate limit, is logged without its rows, ends
 * with `export_end`, and bad windows are a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID } from "@/lib/schemas/test-fixtures";
import { requestLogWriter } from "../request-log/writer";
import { setBalance } from "../testing/balances";
import { createTestService, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { cloneHistory, writeTemplate } from "../testing/scale-seed";

const WINDOW = "created_from=2026-10-01&created_to=2026-11-30";

describe("GET /v0/exports", () => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ start: "2026-11-20T12:00:00Z" });
    await writeTemplate(
      async (method, path, body) => {
        const res = await call(s, method, path, body);
        return { status: res.status, body: res.body };
      },
      () => requestLogWriter(s.deps.db).flush(),
    );
    await cloneHistory(s.deps.db, s.account.id, s.clock.now(), {
      requests: 1_200,
      days: 20,
      logsPerRequest: 0,
      eventsPerRequest: 0,
    });
    // Disbursements, three of them in one millisecond (ordered by id there).
    await setBalance(s, "USDC", "1000.00");
    for (const amount of ["1.00", "2.00", "3.00", "4.00", "5.00"]) {
      await call(s, "POST", "/v0/disbursements", { wallet_address: VALID.evm, amount, currency: "USDC" });
      if (amount > "2.00") s.clock.advance(1_000);
    }
  }, 120_000);
  afterAll(() => s.close());

  async function exported(kind: string, query = WINDOW): Promise<{ rows: Json[]; end: Json | undefined }> {
    const res = await s.request("GET", `/v0/exports/${kind}?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text()).split("\n");
    expect(lines.pop()).toBe("");
    const parsed = lines.map((l) => JSON.parse(l) as Json);
    const end = parsed.at(-1)?.object === "export_end" ? parsed.pop() : undefined;
    return { rows: parsed, end };
  }

  async function listed(kind: string): Promise<Json[]> {
    const rows: Json[] = [];
    for (let page = 1; ; page++) {
      const res = await call(s, "GET", `/v0/${kind}?${WINDOW}&page_size=100&page=${page}`);
      expect(res.status).toBe(200);
      const data = res.body.data as Json[];
      rows.push(...data);
      if (data.length < 100) return rows;
    }
  }

  for (const kind of ["settlement-requests", "payments", "disbursements"]) {
    it(`${kind}: the list's rows, in its order, each as the list shows it, then export_end with their count`, async () => {
      const [{ rows, end }, pages] = await Promise.all([exported(kind), listed(kind)]);
      expect(rows.length).toBeGreaterThan(kind === "disbursements" ? 4 : 1_000);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows.map((r) => r.id)).toEqual(pages.map((r) => r.id));
      expect(rows).toEqual(pages);
      expect(end).toEqual({ object: "export_end", rows: rows.length });
    });
  }

  it("keeps to its window: an instant bound is exclusive, a date is its whole UTC day", async () => {
    const all = (await exported("payments")).rows;
    const middle = all[Math.floor(all.length / 2)] as Json;
    const at = String(middle.created_at);
    const before = (await exported("payments", `created_from=2026-10-01&created_to=${at}`)).rows;
    expect(before.every((r) => String(r.created_at) < at)).toBe(true);
    expect(before.length).toBe(all.filter((r) => String(r.created_at) < at).length);
    const day = at.slice(0, 10);
    const ofDay = (await exported("payments", `created_from=${day}&created_to=${day}`)).rows;
    expect(ofDay.length).toBe(all.filter((r) => String(r.created_at).startsWith(day)).length);
  });

  it("is one call of the rate limit, and the request log keeps the call without its rows", async () => {
    const limited = await createTestService({
      start: "2026-11-20T12:00:00Z",
      config: { rateLimitPerMinute: { sandbox: 5, production: 5 } },
    });
    try {
      const res = await limited.request("GET", `/v0/exports/payments?${WINDOW}`);
      expect(res.status).toBe(200);
      const remaining = Number(res.headers.get("ratelimit-remaining"));
      await res.text();
      const next = await limited.request("GET", `/v0/exports/payments?${WINDOW}`);
      expect(Number(next.headers.get("ratelimit-remaining"))).toBe(remaining - 1);
      await next.text();
    } finally {
      await limited.close();
    }
    await requestLogWriter(s.deps.db).flush();
    const logged = await call(s, "GET", "/v0/request-logs?path=/v0/exports/settlement-requests&page_size=1");
    const entry = (logged.body.data as Json[])[0] as Json;
    expect(entry.status).toBe(200);
    expect(String(entry.response_body)).toContain("streamed export");
    expect(String(entry.response_body)).not.toContain('"id"');
  });

  it("refuses a window it cannot serve with a 400 naming the field", async () => {
    expectFieldError(await call(s, "GET", "/v0/exports/payments?created_from=2026-10-01"), "created_to");
    expectFieldError(await call(s, "GET", "/v0/exports/payments?created_to=2026-10-01"), "created_from");
    expectFieldError(
      await call(s, "GET", "/v0/exports/payments?created_from=2026-10-01&created_to=2027-03-01"),
      "created_to",
    );
    expectFieldError(
      await call(s, "GET", "/v0/exports/payments?created_from=2026-10-02&created_to=2026-10-01T00:00:00Z"),
      "created_to",
    );
    expectFieldError(
      await call(s, "GET", "/v0/exports/settlement-requests?created_from=soon&created_to=2026-10-01"),
      "created_from",
    );
  });
});
