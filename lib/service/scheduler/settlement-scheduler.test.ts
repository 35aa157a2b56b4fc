import { describe, expect, it } from "vitest";
import type { ManualClock } from "../clock";
import type { ServiceDeps } from "../context";
import { openDatabase } from "@/lib/db/database";
import { createTestService, TEST_PG_URL } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { call, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";
import { runWorkersOnce } from "../workers";
import "./settlement-scheduler";

const MIN = 60_000;

describe("settlement scheduler (PGlite)", () => {
  const s = withTestService();

  const get = async (id: unknown) => (await call(s, "GET", `/v0/settlement-requests/${String(id)}`)).body;
  const history = async (id: unknown) =>
    (await call(s, "GET", `/v0/settlement-requests/${String(id)}/history`)).body.data as Json[];

  it("expires a request at valid_until: crypto source after 30 minutes, fiat after 2 days", async () => {
    const crypto = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body;
    const fiat = (await call(s, "POST", "/v0/settlement-requests", BODIES.f2s)).body;
    await s.advance(30 * MIN - 1);
    expect((await get(crypto.id)).status).toBe("REQUEST_STARTED");
    await s.advance(1);
    expect(await get(crypto.id)).toMatchObject({
      status: "REQUEST_EXPIRED",
      inbound_payment: { status: "EXPIRED" },
      outbound_payment: { status: "CANCELED" },
    });
    expect((await history(crypto.id)).at(-1)).toMatchObject({
      from: "REQUEST_STARTED",
      to: "REQUEST_EXPIRED",
      cause: "scheduler",
    });
    expect((await get(fiat.id)).status).toBe("REQUEST_STARTED");
    await s.advance(2 * 24 * 60 * MIN);
    expect((await get(fiat.id)).status).toBe("REQUEST_EXPIRED");
    await s.advance(60 * MIN);
    expect(await history(fiat.id)).toHaveLength(2);
  });

  it("does not expire a request whose funds were sent", async () => {
    const r = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body;
    await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, { status: "FUNDS_SENT" });
    await s.advance(31 * MIN);
    expect((await get(r.id)).status).toBe("FUNDS_SENT");
  });

  it("moves FUNDS_SENT to FUNDS_RECEIVING_LATE at reconciliation_expected_at (T+3 or the override)", async () => {
    const t3 = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body;
    const at = new Date(s.clock.now().getTime() + 60 * MIN).toISOString();
    const over = (await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, reconciliation_expected_at: at }))
      .body;
    await call(s, "PUT", `/v0/settlement-requests/${String(t3.id)}`, { status: "FUNDS_SENT" });
    await call(s, "PUT", `/v0/settlement-requests/${String(over.id)}`, { status: "FUNDS_SENT" });
    await s.advance(60 * MIN);
    expect((await get(over.id)).status).toBe("FUNDS_RECEIVING_LATE");
    expect((await get(t3.id)).status).toBe("FUNDS_SENT");
    await s.advance(3 * 24 * 60 * MIN);
    expect((await get(t3.id)).status).toBe("FUNDS_RECEIVING_LATE");
    expect((await history(t3.id)).at(-1)).toMatchObject({
      from: "FUNDS_SENT",
      to: "FUNDS_RECEIVING_LATE",
      cause: "scheduler",
    });
    const put = await call(s, "PUT", `/v0/settlement-requests/${String(t3.id)}`, { status: "PAYIN_UNDER_REVIEW" });
    expect(put.body.status).toBe("PAYIN_UNDER_REVIEW");
  });

  it("a sandbox PATCH to FUNDS_SENT also applies the T+3 default (or the override), so lateness follows", async () => {
    const t3 = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body;
    const at = new Date(s.clock.now().getTime() + 60 * MIN).toISOString();
    const over = (await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, reconciliation_expected_at: at }))
      .body;
    const moved = await call(s, "PATCH", `/v0/sandbox/settlement-requests/${String(t3.id)}/status`, {
      status: "FUNDS_SENT",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.reconciliation_expected_at).toBe(
      new Date(s.clock.now().getTime() + 3 * 24 * 60 * MIN).toISOString(),
    );
    const movedOver = await call(s, "PATCH", `/v0/sandbox/settlement-requests/${String(over.id)}/status`, {
      status: "FUNDS_SENT",
    });
    expect(movedOver.body.reconciliation_expected_at).toBe(at);
    await s.advance(3 * 24 * 60 * MIN);
    expect((await get(t3.id)).status).toBe("FUNDS_RECEIVING_LATE");
    expect((await get(over.id)).status).toBe("FUNDS_RECEIVING_LATE");
  });

  it("runs the payout rail through SENT to COMPLETED in one long step", async () => {
    const r = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body;
    await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, { status: "FUNDS_SENT" });
    await call(s, "PATCH", `/v0/sandbox/payments/${String((r.inbound_payment as Json).id)}/status`, {
      status: "COMPLETED",
    });
    await s.advance(1000);
    expect((await get(r.id)).status).toBe("FUNDS_SENT");
    await s.advance(60_000);
    expect(await get(r.id)).toMatchObject({
      status: "SETTLEMENT_COMPLETED",
      outbound_payment: { status: "COMPLETED" },
    });
    expect((await history(r.id)).map((h) => h.to)).toEqual([
      "REQUEST_STARTED",
      "FUNDS_SENT",
      "SETTLEMENT_SENT",
      "SETTLEMENT_COMPLETED",
    ]);
  });
});

describe("settlement scheduler with two instances on PostgreSQL", () => {
  it("applies each move once", async () => {
    const s = await createTestService({ driver: "postgres" });
    const schema = (s.database as { schema?: string }).schema;
    const second = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema, max: 5 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++)
        ids.push((await call(s, "POST", "/v0/settlement-requests", BODIES.s2s)).body.id as string);
      const clock = s.clock as ManualClock;
      clock.advance(31 * MIN);
      const deps2: ServiceDeps = { ...s.deps, db: second.db };
      await Promise.all([runWorkersOnce(s.deps), runWorkersOnce(deps2), runWorkersOnce(s.deps)]);
      for (const id of ids) {
        const h = (await call(s, "GET", `/v0/settlement-requests/${id}/history`)).body.data as Json[];
        expect(h.map((x) => x.to)).toEqual(["REQUEST_STARTED", "REQUEST_EXPIRED"]);
      }
    } finally {
      await second.close();
      await s.close();
    }
  });
});
