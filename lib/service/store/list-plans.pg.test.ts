/**
 * Every read the lists, totals, summary, search and the background passes send, planned on real
 * PostgreSQL over 100 k settlement requests (issue 29): each is served by an index, with no
 * sequential scan of a history table and no sort of more than a page's worth of rows. The
 * history is seeded the way `npm run bench:scale` seeds it, which proves the seeding works.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "../testing/harness";
import { call } from "../testing/http";
import { bytesPerRow, cloneHistory, copyIdOf, writeTemplate, type SeedReport } from "../testing/scale-seed";
import { requestLogWriter } from "../request-log/writer";
import { runWorkersOnce, TIME_MOVE_WORKERS } from "../workers";
import { webhookDelivery } from "../outbox/worker";
import { capture, isRead, rowsRead } from "../testing/statement-capture";
import { keepPartitions } from "./partitions";

type Captured = { text: string; values: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows": number;
  Plans?: PlanNode[];
};
type Pool = { query: (...args: unknown[]) => Promise<unknown> };

const HISTORY =
  /^(settlement_requests|payments|request_logs|events|settlement_request_history|webhook_deliveries|webhook_delivery_attempts)(_p\d{8})?$/;

/** Every node of a plan, and whether a Limit above it bounds what it reads (the capped counts: at most 10,001 rows). */
function* nodes(plan: PlanNode, limited = false): Generator<[PlanNode, boolean]> {
  yield [plan, limited];
  const bounded = limited || (plan["Node Type"] === "Limit" && plan["Plan Rows"] <= 10_001);
  for (const child of plan.Plans ?? []) yield* nodes(child, bounded);
}

describe("list and background plans over 100 k requests (PostgreSQL)", () => {
  let s: TestService;
  let pool: Pool;
  let seed: SeedReport;
  let captured: Captured[] = [];
  let ids: string[] = [];

  beforeAll(async () => {
    s = await createTestService({ driver: "postgres", start: "2026-11-20T12:00:00Z" });
    ids = await writeTemplate(
      async (method, path, body) => {
        const res = await call(s, method, path, body);
        return { status: res.status, body: res.body };
      },
      () => requestLogWriter(s.deps.db).flush(),
    );
    seed = await cloneHistory(s.deps.db, s.account.id, s.clock.now(), {
      requests: 100_000,
      logsPerRequest: 1,
      eventsPerRequest: 1,
    });
    pool = (s.deps.db as unknown as { $client: Pool }).$client;
    // A delivery with one attempt for every event, to one endpoint: the events list shows them.
    const hook = await call(s, "POST", "/v0/webhooks", { url: "http://127.0.0.1:9/h", events: ["payment.created"] });
    await pool.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count, created_at, updated_at)
       SELECT 'dlv_' || e.id, $1, e.id, e.type, 'SUCCEEDED', 1, e.created_at, e.created_at FROM events e
       ON CONFLICT DO NOTHING`,
      [hook.body.id],
    );
    await pool.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, http_status, duration_ms)
       SELECT id, 1, created_at, 200, 5 FROM webhook_deliveries WHERE id LIKE 'dlv\\_%'`,
    );
    await pool.query("VACUUM ANALYZE webhook_deliveries, webhook_delivery_attempts");
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof first === "string" ? first : first.text;
      const values = second ?? (typeof first === "string" ? [] : first.values) ?? [];
      captured.push({ text, values: values as unknown[] });
      return query(...args);
    };
  }, 300_000);
  afterAll(() => s.close());

  it("seeds the asked sizes from rows the service wrote", () => {
    expect(seed.templateRequests).toBe(40);
    expect(seed.requests).toBe(100_000);
    expect(seed.payments).toBe(200_000);
    expect(seed.requestLogs).toBeGreaterThanOrEqual(100_000);
    expect(seed.events).toBeGreaterThanOrEqual(100_000);
  });

  const reads = [
    "/v0/settlement-requests",
    "/v0/settlement-requests?status=REQUEST_COMPLETED",
    "/v0/settlement-requests?external_id=order-1003-17",
    "/v0/settlement-requests?include=totals",
    "/v0/settlement-requests?include=totals&created_from=2026-10-21T12:00:00Z&created_to=2026-11-20T12:00:00Z",
    "/v0/settlement-requests?page=100&page_size=20",
    "/v0/payments",
    "/v0/payments?status=COMPLETED",
    "/v0/payments?type=PAYOUT&include=totals",
    "/v0/summary?from=2026-11-13",
    "/v0/summary",
    "/v0/summary?from=2026-08-22",
    "/v0/events",
    "/v0/events?type=settlement_request.updated",
    "/v0/request-logs",
    "/v0/request-logs?status=4xx",
    "/v0/request-logs?status=5xx",
    "/v0/request-logs?method=PATCH",
    "/v0/request-logs?path=/v0/settlement-requests",
    "/v0/request-logs?user_agent_not=settlement-console/&bodies=omit&page_size=50",
    "/v0/disbursements?include=totals",
    "/v1/payments",
  ];

  it.each(reads)("GET %s reads through an index", async (path) => {
    captured = [];
    const res = await call(s, "GET", path);
    expect(res.status).toBe(200);
    await expectIndexedPlans(captured);
  });

  it.each(["settlement-requests", "payments", "disbursements"])(
    "GET /v0/exports/%s reads every page by keyset through an index (issue 57)",
    async (kind) => {
      captured = [];
      // Three days of a year of 100 k requests: ~820 requests and twice the payments, several pages of 500.
      const res = await s.request("GET", `/v0/exports/${kind}?created_from=2026-10-20&created_to=2026-10-22`);
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split("\n");
      expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ object: "export_end" });
      if (kind !== "disbursements") expect(lines.length).toBeGreaterThan(501);
      await expectIndexedPlans(captured);
    },
  );

  it("GET by id, the events and logs of one resource, and search read through an index", async () => {
    captured = [];
    const id = copyIdOf(ids[3] as string, 42);
    expect((await call(s, "GET", `/v0/settlement-requests/${id}`)).status).toBe(200);
    expect((await call(s, "GET", `/v0/events?resource_id=${copyIdOf(ids[3] as string, 7)}`)).status).toBe(200);
    expect((await call(s, "GET", `/v0/request-logs?resource_id=${copyIdOf(ids[3] as string, 7)}`)).status).toBe(200);
    expect((await call(s, "GET", "/v0/search?q=order-1003-17")).status).toBe(200);
    await expectIndexedPlans(captured);
  });

  it.each([
    ["/v0/request-logs?method=PATCH", /request_logs_p\d{8}_owner_method_at_idx/],
    ["/v0/request-logs", /request_logs_p\d{8}_owner_at_idx/],
    ["/v0/events?type=settlement_request.updated", /events_p\d{8}_owner_type_created_at_idx/],
  ])("GET %s counts its capped total from the index alone (no row read)", async (path, index) => {
    const used = await countIndexes(path);
    expect(
      used.some((name) => index.test(name)),
      used.join(", "),
    ).toBe(true);
  });

  it("the Request log page's list (the console's own calls left out) reads request_logs_others_idx, its count the index alone", async () => {
    const path = "/v0/request-logs?user_agent_not=settlement-console/&bodies=omit&page_size=50";
    const result = (await pool.query(
      "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_logs_others_idx'::regclass",
    )) as { rows: Array<{ relname: string }> };
    const others = new Set(result.rows.map((r) => r.relname));
    expect(others.size).toBeGreaterThan(0);
    const used = await countIndexes(path);
    expect(used.length).toBeGreaterThan(0);
    expect(
      used.every((name) => others.has(name)),
      used.join(", "),
    ).toBe(true);
    captured = [];
    expect((await call(s, "GET", path)).status).toBe(200);
    const page = captured.find((c) => /from "request_logs"/i.test(c.text));
    const plan = (await pool.query(`EXPLAIN (FORMAT JSON) ${page?.text}`, page?.values)) as {
      rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
    };
    const scanned = [...nodes(plan.rows[0]["QUERY PLAN"][0].Plan)]
      .map(([node]) => node["Index Name"])
      .filter((name): name is string => Boolean(name));
    expect(
      scanned.some((name) => others.has(name)),
      scanned.join(", "),
    ).toBe(true);
  });

  it("a page of events finds its deliveries by event id and their last attempts by delivery (migration 0028)", async () => {
    captured = [];
    const res = await call(s, "GET", "/v0/events?page_size=50");
    expect(res.status).toBe(200);
    expect((res.body.data as Array<{ deliveries: unknown[] }>).every((e) => e.deliveries.length === 1)).toBe(true);
    const lookup = captured.find((c) => /from "webhook_deliveries"/i.test(c.text));
    const plan = (await pool.query(`EXPLAIN (FORMAT JSON) ${lookup?.text}`, lookup?.values)) as {
      rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
    };
    const all = [...nodes(plan.rows[0]["QUERY PLAN"][0].Plan)].map(([node]) => node);
    const seqScans = all.filter(
      (n) => n["Node Type"] === "Seq Scan" && /^webhook_deliver/.test(n["Relation Name"] ?? ""),
    );
    expect(seqScans).toEqual([]);
    const indexes = new Set(all.map((n) => n["Index Name"] ?? "").filter((name) => name.startsWith("webhook_deliver")));
    expect([...indexes].sort()).toEqual(["webhook_deliveries_event_idx", "webhook_delivery_attempts_pkey"]);
  });

  /** The indexes an Index Only Scan reads in the capped counts a GET sends. */
  async function countIndexes(path: string): Promise<string[]> {
    captured = [];
    expect((await call(s, "GET", path)).status).toBe(200);
    const counts = captured.filter((c) => /select count\(\*\) from \(select 1/i.test(c.text));
    expect(counts.length).toBeGreaterThan(0);
    const used: string[] = [];
    for (const statement of counts) {
      const result = (await pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values)) as {
        rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
      };
      for (const [node] of nodes(result.rows[0]["QUERY PLAN"][0].Plan))
        if (node["Node Type"] === "Index Only Scan") used.push(node["Index Name"] ?? "");
    }
    return used;
  }

  it("stores the request log and the events in under 1 KB a row (heap, TOAST and indexes), bodies packed", async () => {
    const bytes = await bytesPerRow(s.deps.db, ["request_logs", "events"]);
    console.log(
      `bytes per row over ~100 k rows: request_logs ${bytes.request_logs.perRow}, events ${bytes.events.perRow}`,
    );
    expect(bytes.request_logs.perRow).toBeLessThanOrEqual(1024);
    expect(bytes.events.perRow).toBeLessThanOrEqual(1024);
  });

  it("a scheduler pass and a keeper pass over the finished history read through indexes", async () => {
    captured = [];
    await runWorkersOnce(s.deps);
    await keepPartitions(s.deps.db, s.clock.now());
    expect(captured.length).toBeGreaterThan(0);
    await expectIndexedPlans(captured);
  });

  it("a scheduler pass over 100 k requests, 4,000 of them waiting but not yet due, reads fewer than 100 rows", async () => {
    // Waiting for funds until tomorrow, and sent with reconciliation expected tomorrow: on the
    // status indexes alone a pass would read all 4,000 (and, on the old query, every row).
    const tomorrow = new Date(s.clock.now().getTime() + 86_400_000).toISOString();
    await pool.query(
      `UPDATE settlement_requests SET status = 'REQUEST_STARTED', valid_until = $1
        WHERE id IN (SELECT id FROM settlement_requests ORDER BY created_at DESC LIMIT 2000)`,
      [tomorrow],
    );
    await pool.query(
      `UPDATE settlement_requests SET status = 'FUNDS_SENT', reconciliation_expected_at = $1
        WHERE id IN (SELECT id FROM settlement_requests WHERE status <> 'REQUEST_STARTED' ORDER BY created_at DESC LIMIT 2000)`,
      [tomorrow],
    );
    await pool.query("ANALYZE settlement_requests");
    const statements = await capture(pool, async () => {
      for (const worker of [...TIME_MOVE_WORKERS, webhookDelivery]) await worker.tick(s.deps);
    });
    expect(statements.filter(isRead).length).toBeGreaterThan(3);
    expect(await rowsRead(pool, statements, HISTORY)).toBeLessThan(100);
  });

  async function expectIndexedPlans(statements: Captured[]) {
    const reads = statements.filter(
      (c) => /^\s*(select|with)/i.test(c.text) && !/\b(insert|update|delete)\b/i.test(c.text),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const statement of reads) {
      const result = (await pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values)) as {
        rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
      };
      const plan = result.rows[0]["QUERY PLAN"][0].Plan;
      for (const [node, limited] of nodes(plan)) {
        const where = `${node["Node Type"]} ${node["Relation Name"] ?? ""} in\n${statement.text}`;
        if (node["Node Type"] === "Seq Scan" && !limited && HISTORY.test(node["Relation Name"] ?? "")) {
          // A day partition with a handful of rows (the sliver at the edge of the seeded month) is read whole: that is cheaper.
          const size = (await pool.query("SELECT reltuples::int AS n FROM pg_class WHERE relname = $1", [
            node["Relation Name"],
          ])) as { rows: Array<{ n: number }> };
          expect(size.rows[0].n, where).toBeLessThan(1_000);
        }
        if (node["Node Type"] === "Sort") expect(node["Plan Rows"], where).toBeLessThanOrEqual(5_000);
      }
    }
  }
});
