/**
 * The fan-out's payload condition (SQL, store/events.ts passesFilter) against the console's and the
 * preview's (JS, lib/schemas/webhook-filter.ts) on 2,000 random event bodies and conditions, on the
 * machine's PostgreSQL: they must agree on every one, or an endpoint's preview would promise what
 * its deliveries do not keep.
 */
import { seededRandom } from "@/lib/random/seeded";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/database";
import { eventPassesFilter, type FilterClause, type FilterValue } from "@/lib/schemas/event-filter";
import { freshPostgres } from "../testing/harness";
import { passesFilter } from "./events";

const KEYS = ["status", "currency", "destination", "amount", "metadata", "rail"];
const VALUES: FilterValue[] = ["EUR", "USD", "10", 10, 10.5, 0, true, false, null, "", "SETTLEMENT_COMPLETED"];

describe("the payload condition in SQL and in JS (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    database = await freshPostgres();
  });
  afterAll(async () => {
    await database.close();
  });

  it("agree on 2,000 random bodies and conditions", async () => {
    const next = seededRandom(63);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const body = (depth: number): unknown => {
      const o: Record<string, unknown> = {};
      for (const key of KEYS) {
        const r = next();
        if (r < 0.3) continue;
        o[key] = depth < 2 && r < 0.5 ? body(depth + 1) : r < 0.55 ? [pick(VALUES)] : pick(VALUES);
      }
      return o;
    };
    const cases = Array.from({ length: 2000 }, () => {
      const clauses: FilterClause[] = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
        path: Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(KEYS)),
        op: next() < 0.5 ? "eq" : "ne",
        value: pick(VALUES),
      }));
      return { clauses, data: body(0) };
    });
    const values = cases.map(
      (c, i) => sql`(${i}::int, ${JSON.stringify({ all: c.clauses })}::jsonb, ${JSON.stringify(c.data)}::jsonb)`,
    );
    const rows = await queryRows<{ i: number; passes: boolean }>(
      database.db,
      sql`SELECT i, ${passesFilter(sql`f`, sql`d`)} AS passes FROM (VALUES ${sql.join(values, sql`, `)}) AS t(i, f, d) ORDER BY i`,
    );
    const disagree = rows.filter((r) => r.passes !== eventPassesFilter(cases[r.i]?.clauses ?? [], cases[r.i]?.data));
    expect(disagree.map((r) => cases[r.i])).toEqual([]);
    // Both outcomes occur: the cases test something.
    expect(rows.filter((r) => r.passes).length).toBeGreaterThan(200);
    expect(rows.filter((r) => !r.passes).length).toBeGreaterThan(200);
  });
});
