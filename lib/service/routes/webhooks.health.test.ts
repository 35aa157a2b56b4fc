/**
 * An endpoint that keeps failing (issue 63, decisions D9.15), through the real routes on PGlite and
 * PostgreSQL: warned once after a day of only failures (webhook_endpoint.failing), turned off after
 * its policy's limit (webhook_endpoint.disabled, its deliveries waiting), never turned off in the
 * sandbox unless asked (the contract's ten attempts run out); a success ends the run; a rehearsed
 * outage fails attempts without a request; turned on again, what it missed is replayed on request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvent } from "../outbox/emit";
import { RETRY_DELAYS_MS } from "../outbox/schedule";
import { startReceiver, type Receiver } from "../outbox/testing/receiver";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

type Health = {
  state: string;
  failing_since: string | null;
  last_failure: string | null;
  warned_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  warn_after_hours: number;
  disable_after_hours: number | null;
  outage: { until: string; mode: string } | null;
};
type Delivery = { id: string; status: string; attempt_count: number; attempts: Array<{ http_status: number | null }> };

describe.each<DriverKind>(["pglite", "postgres"])("an endpoint that keeps failing (%s)", (driver) => {
  let s: TestService;
  let failing: Receiver;
  let watcher: Receiver;
  let down = true;
  beforeAll(async () => {
    s = await createTestService({ driver });
    failing = await startReceiver(() => (down ? { status: 500, body: "broken" } : { status: 200, body: "ok" }));
    watcher = await startReceiver();
    await call(s, "POST", "/v0/webhooks", {
      url: watcher.url,
      events: ["webhook_endpoint.failing", "webhook_endpoint.disabled"],
    });
  });
  afterAll(async () => {
    await failing.close();
    await watcher.close();
    await s.close();
  });

  const health = async (id: string) => (await call(s, "GET", `/v0/webhooks/${id}/health`)).body as Health;
  const deliveries = async (id: string) =>
    (await call(s, "GET", `/v0/webhooks/${id}/deliveries?page_size=100`)).body.data as Delivery[];
  const emit = (type: "payment.created" = "payment.created", dataId = `pay_${Math.random()}`) =>
    s.deps.db.transaction((tx) =>
      emitEvent(tx, { accountId: s.account.id, environment: "sandbox", type, data: { id: dataId }, at: s.clock.now() }),
    );
  const watched = (id: string) =>
    watcher.received
      .map((r) => JSON.parse(r.body) as { type: string; data: { id: string; status: string; health: Health } })
      .filter((e) => e.data.id === id);
  let made = 0;
  /** A new endpoint on the failing receiver, at a path of its own (`to(path)` counts what reached it). */
  const endpoint = async () => {
    down = true;
    const path = `/e${++made}`;
    const res = await call(s, "POST", "/v0/webhooks", { url: `${failing.url}${path}`, events: ["payment.created"] });
    return {
      id: (res.body as { id: string }).id,
      reached: () => failing.received.filter((r) => r.path.endsWith(path)).length,
    };
  };

  it("warns once after a day of only failures, and turns the endpoint off at its policy's limit", async () => {
    const { id, reached } = await endpoint();
    expect(await health(id)).toMatchObject({
      state: "HEALTHY",
      warn_after_hours: 24,
      disable_after_hours: null,
      outage: null,
    });
    const policy = await call(s, "PUT", `/v0/webhooks/${id}/failure-policy`, {
      warn_after_hours: 24,
      disable_after_hours: 72,
    });
    expect(policy.status).toBe(200);
    expect(policy.body).toMatchObject({ disable_after_hours: 72 });

    await emit();
    await s.runWorkers();
    const first = await health(id);
    expect(first).toMatchObject({ state: "FAILING", last_failure: "HTTP 500", warned_at: null });
    // Attempts 2–5 (1 min … 1 h): still under a day.
    for (const delay of RETRY_DELAYS_MS.slice(1, 5)) await s.advance(delay);
    expect((await health(id)).warned_at).toBeNull();
    expect(watched(id)).toHaveLength(0);
    // Attempt 6, a day later: warned, once.
    await s.advance(RETRY_DELAYS_MS[5] as number);
    await s.runWorkers();
    const warned = await health(id);
    expect(warned.state).toBe("FAILING");
    expect(warned.warned_at).not.toBeNull();
    expect(warned.failing_since).toBe(first.failing_since);
    expect(watched(id).map((e) => e.type)).toEqual(["webhook_endpoint.failing"]);
    expect(watched(id)[0]?.data.health).toMatchObject({ state: "FAILING", last_failure: "HTTP 500" });
    // Attempt 7, two days later (three days of failures): turned off, with the reason and an event.
    await s.advance(RETRY_DELAYS_MS[6] as number);
    await s.runWorkers();
    const off = await health(id);
    expect(off.state).toBe("DISABLED");
    expect(off.disabled_reason).toMatch(
      /^Turned off after 72 hours of only failed deliveries \(since .*; the last: HTTP 500\)$/,
    );
    expect((await call(s, "GET", `/v0/webhooks/${id}`)).body).toMatchObject({ status: "DISABLED" });
    expect(watched(id).map((e) => e.type)).toEqual(["webhook_endpoint.failing", "webhook_endpoint.disabled"]);
    expect(watched(id)[1]?.data).toMatchObject({ status: "DISABLED", health: { state: "DISABLED" } });
    // Its delivery waits: no more attempts however far the clock goes.
    const before = reached();
    for (const delay of RETRY_DELAYS_MS.slice(7)) await s.advance(delay);
    expect(reached()).toBe(before);
    expect((await deliveries(id))[0]).toMatchObject({ status: "PENDING", attempt_count: 7 });

    // Found by its id in the events list, like any resource.
    const events = (await call(s, "GET", `/v0/events?resource_id=${id}`)).body.data as Array<{ type: string }>;
    expect(events.map((e) => e.type)).toEqual(["webhook_endpoint.disabled", "webhook_endpoint.failing"]);

    // Turned on again: the waiting delivery goes out; events of the time it was off were never
    // delivered, and a replay with include_missed counts and sends them, marked.
    down = false;
    await emit();
    await emit();
    const disabledAt = off.disabled_at as string;
    const to = new Date(s.clock.now().getTime() + 1_000).toISOString();
    const enabled = await call(s, "PATCH", `/v0/webhooks/${id}`, { status: "ACTIVE" });
    expect(enabled.status).toBe(200);
    expect(await health(id)).toMatchObject({ state: "HEALTHY", failing_since: null, disabled_at: disabledAt });
    await s.runWorkers();
    expect((await deliveries(id)).map((d) => d.status)).toEqual(["SUCCEEDED"]);
    const dry = await call(s, "POST", `/v0/webhooks/${id}/replay`, {
      from: disabledAt,
      to,
      include_missed: true,
      dry_run: true,
    });
    expect(dry.body).toMatchObject({ dry_run: true, count: 2 });
    const withoutMissed = await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: disabledAt, to, dry_run: true });
    expect(withoutMissed.body).toMatchObject({ count: 0 });
    const replay = await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: disabledAt, to, include_missed: true });
    expect(replay.status).toBe(202);
    const mark = failing.received.length;
    await s.runWorkers();
    const sent = failing.received.slice(mark).filter((r) => r.headers["x-service-replay"]);
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r.headers["x-service-replay"] === (replay.body as { replay_id: string }).replay_id)).toBe(
      true,
    );
    // Once: a second replay of the same range finds nothing missed any more.
    const again = await call(s, "POST", `/v0/webhooks/${id}/replay`, {
      from: disabledAt,
      to,
      include_missed: true,
      only_failed: true,
      dry_run: true,
    });
    expect(again.body).toMatchObject({ count: 0 });
  });

  it("in the sandbox, unless asked, is warned once and never turned off: the ten attempts run out", async () => {
    const { id } = await endpoint();
    await emit();
    await s.runWorkers();
    for (const delay of RETRY_DELAYS_MS.slice(1)) await s.advance(delay);
    expect((await deliveries(id))[0]).toMatchObject({ status: "FAILED", attempt_count: RETRY_DELAYS_MS.length });
    expect(await health(id)).toMatchObject({ state: "FAILING", disabled_reason: null });
    expect(watched(id).map((e) => e.type)).toEqual(["webhook_endpoint.failing"]);
  });

  it("a success ends the run of failures", async () => {
    const { id } = await endpoint();
    await emit();
    await s.runWorkers();
    expect((await health(id)).state).toBe("FAILING");
    down = false;
    await s.advance(RETRY_DELAYS_MS[1] as number);
    expect(await health(id)).toMatchObject({ state: "HEALTHY", failing_since: null, warned_at: null });
  });

  it("a rehearsed outage fails attempts on the sandbox clock without a request, then ends", async () => {
    down = false;
    const { id, reached } = await endpoint();
    down = false;
    const set = await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: 1 });
    expect(set.status).toBe(200);
    expect((set.body as Health).outage).toMatchObject({ mode: "http_500" });
    await emit();
    await s.runWorkers();
    for (const delay of RETRY_DELAYS_MS.slice(1, 4)) await s.advance(delay);
    expect(reached()).toBe(0);
    const [d] = await deliveries(id);
    expect(d?.attempt_count).toBe(4);
    expect(d?.attempts.every((a) => a.http_status === 500)).toBe(true);
    expect((await health(id)).last_failure).toBe("HTTP 500");
    // The fifth attempt, an hour later: the outage is over, the request is made.
    await s.advance(RETRY_DELAYS_MS[4] as number);
    expect(reached()).toBe(1);
    expect(await health(id)).toMatchObject({ state: "HEALTHY", outage: null });

    const timeout = await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: 1, mode: "timeout" });
    expect((timeout.body as Health).outage).toMatchObject({ mode: "timeout" });
    expect(((await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: 0 })).body as Health).outage).toBeNull();
  });

  it("names the field of a bad policy or outage, changes nothing, and refuses an outage in production", async () => {
    const { id } = await endpoint();
    expectFieldError(
      await call(s, "PUT", `/v0/webhooks/${id}/failure-policy`, { warn_after_hours: 24, disable_after_hours: 24 }),
      "disable_after_hours",
    );
    expectFieldError(
      await call(s, "PUT", `/v0/webhooks/${id}/failure-policy`, { warn_after_hours: 0, disable_after_hours: null }),
      "warn_after_hours",
    );
    expectFieldError(await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: -1 }), "hours");
    expectFieldError(await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: 1, mode: "slow" }), "mode");
    expect(await health(id)).toMatchObject({ warn_after_hours: 24, disable_after_hours: null, outage: null });
    expect((await call(s, "PUT", `/v0/webhooks/${id}/outage`, { hours: 1 }, { key: s.keys.production })).status).toBe(
      403,
    );
    expect((await call(s, "GET", `/v0/webhooks/${id}/health`, undefined, { key: s.keys.production })).status).toBe(404);
    const off = await call(s, "PATCH", `/v1/webhooks/${id}`, { status: "DISABLED" });
    expect(off.status).toBe(200);
    expect(await health(id)).toMatchObject({
      state: "DISABLED",
      disabled_reason: "Turned off by hand (in the console or by a PATCH)",
    });
  });
});
