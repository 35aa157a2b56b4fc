/**
 * An endpoint's payload condition (issue 63, decisions D9.16), through the real routes on PGlite and
 * PostgreSQL: only the events that pass get a delivery; a condition that does not parse is a 400
 * naming `condition` with nothing changed; the preview counts the last day's events it would let
 * through; a replay of what was missed keeps to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvent } from "../outbox/emit";
import { startReceiver, type Receiver } from "../outbox/testing/receiver";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

describe.each<DriverKind>(["pglite", "postgres"])("an endpoint's payload condition (%s)", (driver) => {
  let s: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    s = await createTestService({ driver });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  const emit = (currency: string, n: number) =>
    s.deps.db.transaction((tx) =>
      emitEvent(tx, {
        accountId: s.account.id,
        environment: "sandbox",
        type: "payment.failed",
        data: { id: `pay_${currency}_${n}`, destination: { currency } },
        at: s.clock.now(),
      }),
    );
  const reached = (path: string) =>
    receiver.received.filter((r) => r.path.endsWith(path)).map((r) => JSON.parse(r.body).data.destination.currency);

  it("delivers only the events that pass, previews the last day, and refuses a condition that does not parse", async () => {
    const made = await call(s, "POST", "/v0/webhooks", { url: `${receiver.url}/eur`, events: ["payment.failed"] });
    const id = (made.body as { id: string }).id;
    await emit("USD", 0);
    await emit("EUR", 0);

    const preview = await call(s, "POST", `/v0/webhooks/${id}/filter/preview`, {
      condition: 'data.destination.currency = "EUR"',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ events: 2, matched: 1, capped: false });

    const set = await call(s, "PUT", `/v0/webhooks/${id}/filter`, { condition: 'data.destination.currency = "EUR"' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      webhook_id: id,
      condition: 'data.destination.currency = "EUR"',
      clauses: [{ path: ["destination", "currency"], op: "eq", value: "EUR" }],
    });
    await s.runWorkers();
    const before = reached("/eur").length;
    await emit("USD", 1);
    await emit("EUR", 1);
    await emit("GBP", 1);
    await s.runWorkers();
    expect(reached("/eur").slice(before)).toEqual(["EUR"]);
    const deliveries = (await call(s, "GET", `/v0/webhooks/${id}/deliveries?page_size=100`)).body.data as unknown[];
    expect(deliveries).toHaveLength(3); // the first two (before the condition) and the EUR one

    const bad = await call(s, "PUT", `/v0/webhooks/${id}/filter`, { condition: "data.destination.currency = EUR" });
    expectFieldError(bad, "condition");
    expect((await call(s, "GET", `/v1/webhooks/${id}/filter`)).body).toMatchObject({
      condition: 'data.destination.currency = "EUR"',
    });
    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/filter/preview`, { condition: "status = 1" }),
      "condition",
    );

    const cleared = await call(s, "PUT", `/v0/webhooks/${id}/filter`, { condition: null });
    expect(cleared.body).toEqual({ webhook_id: id, condition: null, clauses: [] });
  });

  it("a replay of what was missed keeps to the condition", async () => {
    await s.advance(60_000); // past the first test's events
    const made = await call(s, "POST", "/v0/webhooks", { url: `${receiver.url}/missed`, events: ["payment.failed"] });
    const id = (made.body as { id: string }).id;
    const set = await call(s, "PUT", `/v0/webhooks/${id}/filter`, { condition: 'data.destination.currency != "USD"' });
    expect(set.status).toBe(200);
    await call(s, "PATCH", `/v0/webhooks/${id}`, { status: "DISABLED" });
    const from = new Date(s.clock.now().getTime() - 1_000).toISOString();
    await emit("USD", 2);
    await emit("EUR", 2);
    await emit("MXN", 2);
    await call(s, "PATCH", `/v0/webhooks/${id}`, { status: "ACTIVE" });
    const to = new Date(s.clock.now().getTime() + 1_000).toISOString();
    const dry = await call(s, "POST", `/v0/webhooks/${id}/replay`, { from, to, include_missed: true, dry_run: true });
    expect(dry.body).toMatchObject({ count: 2 });
    await call(s, "POST", `/v0/webhooks/${id}/replay`, { from, to, include_missed: true });
    await s.runWorkers();
    expect(reached("/missed").sort()).toEqual(["EUR", "MXN"]);
  });
});
