/**
 * GET /v0/summary (extension, decision D6.3): settled volume per day and currency, fees, rates,
 * time to settle and counts by status, on PGlite and PostgreSQL.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

const HOUR = 3_600_000;

describe.each<DriverKind>(["pglite", "postgres"])("GET /v0/summary (%s)", (driver) => {
  let s: TestService;
  const made: Json[] = [];
  beforeAll(async () => {
    s = await createTestService({ driver, start: "2026-11-20T08:00:00Z" });
    for (let i = 0; i < 4; i++) made.push((await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body);
    const complete = async (r: Json) => {
      expect(
        (
          await call(s, "PATCH", `/v0/sandbox/settlement-requests/${String(r.id)}/status`, {
            status: "SETTLEMENT_SENT",
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, { status: "COMPLETED" })).body,
      ).toMatchObject({ status: "REQUEST_COMPLETED" });
    };
    s.clock.advance(HOUR);
    await complete(made[0]); // an hour after creation
    s.clock.advance(2 * HOUR);
    await complete(made[1]); // three hours after
    expect(
      (
        await call(s, "PATCH", `/v0/sandbox/settlement-requests/${String(made[2].id)}/status`, {
          status: "PAYIN_FAILED",
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => s.close());

  it("sums settled volume and fees, counts statuses, and gives the rates and the time to settle", async () => {
    const res = await call(s, "GET", "/v0/summary");
    expect(res.status).toBe(200);
    const summary = res.body as Record<string, unknown>;
    expect(summary).toMatchObject({ total: 4, settled: 2, failed: 1, other_ended: 0 });
    expect(summary.success_rate).toBeCloseTo(2 / 3, 10);
    expect(summary.failure_rate).toBeCloseTo(1 / 3, 10);
    expect(summary.time_to_settle).toEqual({ median_seconds: 7200, p90_seconds: 10080 });
    const i = made[0].payment_instructions as Record<string, unknown>;
    expect(summary.settled_volume).toEqual([
      {
        day: "2026-11-20",
        currency: i.destination_currency,
        amount: new Decimal(String(i.destination_amount)).times(2).toFixed(8),
        count: 2,
      },
    ]);
    expect(summary.fees).toEqual([
      {
        currency: i.currency,
        amount: new Decimal(String((i.fee as Record<string, unknown>).total)).times(2).toFixed(8),
      },
    ]);
    expect(summary.counts_by_status).toEqual([
      { status: "REQUEST_COMPLETED", count: 2 },
      { status: "PAYIN_FAILED", count: 1 },
      { status: "REQUEST_STARTED", count: 1 },
    ]);
  });

  it("takes a range of creation dates, and names the field of a bad one", async () => {
    const before = (await call(s, "GET", "/v0/summary?to=2026-11-19")).body as Record<string, unknown>;
    expect(before).toMatchObject({
      total: 0,
      settled: 0,
      success_rate: null,
      time_to_settle: { median_seconds: null, p90_seconds: null },
    });
    expect(before.settled_volume).toEqual([]);
    expectFieldError(await call(s, "GET", "/v0/summary?from=soon"), "from");
  });
});
