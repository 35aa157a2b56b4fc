/**
 * The partition keeper (decision D11.7) on real PostgreSQL: it creates the days ahead, an insert
 * at midnight of a day with no partition still succeeds and is moved into its day, expired days
 * are dropped whole (events only once their deliveries are done), one instance keeps at a time,
 * and the bodies are stored lz4-compressed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/database";
import { keepPartitions } from "./partitions";
import { insertRequestLogs, type RequestLogRow } from "./request-logs";
import { createTestService, type TestService } from "../testing/harness";
import { call } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

const DAY = 86_400_000;
const START = "2026-11-20T23:59:00Z";

const partitionsOf = async (s: TestService, table: string) =>
  (
    await queryRows<{ name: string }>(
      s.deps.db,
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${table}::regclass ORDER BY 1`,
    )
  ).map((r) => r.name);

function logRow(s: TestService, id: string, at: Date): RequestLogRow {
  return {
    id,
    accountId: s.account.id,
    environment: "sandbox",
    requestId: id,
    at,
    method: "GET",
    path: "/v0/payments",
    query: "",
    status: 200,
    durationMs: 1,
    keyPrefix: "sk_test_abcdef",
    idempotencyKey: null,
    idempotentReplayed: false,
    resourceId: null,
    requestBody: null,
    responseBody: "{}",
    userAgent: null,
  };
}

describe("the partition keeper (PostgreSQL)", () => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ driver: "postgres", start: START });
  });
  afterAll(() => s.close());

  it("has created yesterday, today and three days ahead at start, for both tables", async () => {
    for (const table of ["request_logs", "events"]) {
      expect(await partitionsOf(s, table)).toEqual([
        `${table}_default`,
        `${table}_p20261119`,
        `${table}_p20261120`,
        `${table}_p20261121`,
        `${table}_p20261122`,
        `${table}_p20261123`,
      ]);
    }
  });

  it("takes a row of a day with no partition (midnight, far ahead) in the default partition, then moves it into its new day", async () => {
    const far = new Date("2026-11-30T00:00:00.000Z");
    await insertRequestLogs(s.deps.db, [logRow(s, "log_midnight", far)]);
    const [inDefault] = await queryRows<{ n: string }>(
      s.deps.db,
      sql`SELECT count(*)::text AS n FROM request_logs_default`,
    );
    expect(inDefault.n).toBe("1");
    const pass = await keepPartitions(s.deps.db, s.clock.now());
    expect(pass.created).toContain("request_logs_p20261130");
    expect(pass.moved).toBe(1);
    const [moved] = await queryRows<{ n: string }>(
      s.deps.db,
      sql`SELECT count(*)::text AS n FROM request_logs_p20261130 WHERE id = 'log_midnight'`,
    );
    expect(moved.n).toBe("1");
    const [left] = await queryRows<{ n: string }>(s.deps.db, sql`SELECT count(*)::text AS n FROM request_logs_default`);
    expect(left.n).toBe("0");
  });

  it("drops whole days past 30, but keeps an events day while one of its deliveries is still due", async () => {
    // An endpoint that never answers keeps its delivery PENDING for weeks.
    await call(s, "POST", "/v0/webhooks", { url: "http://127.0.0.1:9/never", events: ["settlement_request.created"] });
    expect((await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).status).toBe(201);
    await insertRequestLogs(s.deps.db, [logRow(s, "log_old", new Date(Date.parse(START) - 60_000))]);
    const later = new Date(Date.parse(START) + 40 * DAY);
    const held = await keepPartitions(s.deps.db, later);
    expect(held.dropped).toContain("request_logs_p20261120");
    expect(held.dropped).not.toContain("events_p20261120");
    expect(held.heldBack).toContain("events_p20261120");
    expect(await partitionsOf(s, "request_logs")).not.toContain("request_logs_p20261120");
    await s.deps.db.execute(sql`UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL`);
    const done = await keepPartitions(s.deps.db, later);
    expect(done.dropped).toContain("events_p20261120");
    expect(await partitionsOf(s, "events")).not.toContain("events_p20261120");
    // Only days: the newest ones stay.
    expect(await partitionsOf(s, "events")).toContain("events_p20261230");
  });

  it("runs on one instance at a time", async () => {
    const passes = await Promise.all(
      [0, 1, 2, 3].map(() => keepPartitions(s.deps.db, new Date(Date.parse(START) + 50 * DAY))),
    );
    expect(passes.filter((p) => p.ran).length).toBeGreaterThanOrEqual(1);
    const created = passes.flatMap((p) => p.created);
    expect(new Set(created).size).toBe(created.length);
  });

  it("stores the bodies of a new day lz4-compressed (Debian's PostgreSQL has lz4)", async () => {
    const rows = await queryRows<{ attname: string; compression: string }>(
      s.deps.db,
      sql`SELECT a.attname, a.attcompression::text AS compression FROM pg_attribute a
           WHERE a.attrelid = 'request_logs_p20261230'::regclass AND a.attname IN ('request_body', 'response_body')`,
    );
    expect(rows.map((r) => r.compression)).toEqual(["l", "l"]);
  });
});
