import Stripe from "stripe";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventType } from "@/lib/state-machine/webhooks";
import { createTestService, type TestService } from "../testing/harness";
import { queryRows } from "@/lib/db/database";
import { webhookEndpoints } from "../store/schema";
import { startWorkers } from "../workers";
import { emitEvent } from "./emit";
import { RETRY_DELAYS_MS } from "./schedule";
import { startReceiver, type Receiver } from "./testing/receiver";

const stripeSignature = Stripe.webhooks.signature ?? new Stripe("sk_test_x").webhooks.signature;
/** Stripe's own verifier, default tolerance (300 s against the real clock). */
function stripeVerify(body: string, header: string, secret: string): boolean {
  if (!stripeSignature) throw new Error("stripe exposes no webhooks.signature");
  return stripeSignature.verifyHeader(body, header, secret);
}

interface Created {
  id: string;
  secret: string;
}

async function createEndpoint(
  s: TestService,
  url: string,
  events: EventType[] = ["payment.created"],
): Promise<Created> {
  const res = await s.request("POST", "/v0/webhooks", { body: { url, events } });
  expect(res.status).toBe(201);
  return res.json();
}

function emit(
  s: TestService,
  type: EventType = "payment.created",
  data: Record<string, unknown> = { id: "pay_1", status: "PENDING" },
  environment: "sandbox" | "production" = "sandbox",
) {
  return s.deps.db.transaction((tx) =>
    emitEvent(tx, { accountId: s.account.id, environment, type, data, at: s.clock.now() }),
  );
}

async function deliveries(s: TestService, webhookId: string) {
  const res = await s.request("GET", `/v0/webhooks/${webhookId}/deliveries?page_size=100`);
  expect(res.status).toBe(200);
  return (await res.json()).data as Array<{
    id: string;
    event_id: string;
    status: string;
    attempt_count: number;
    next_attempt_at: string | null;
    attempts: Array<{
      attempt: number;
      at: string;
      http_status: number | null;
      duration_ms: number;
      response_body: string | null;
      error?: string | null;
    }>;
  }>;
}

describe("webhook delivery", () => {
  let s: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    s = await createTestService();
  });
  afterAll(() => s.close());
  afterEach(async () => {
    await receiver?.close();
    // Endpoints of one test must not receive the next test's events.
    await s.deps.db.delete(webhookEndpoints);
  });

  it("POSTs {id, type, created_at, data} with headers stripe's verifier accepts, and it rejects a tampered body", async () => {
    receiver = await startReceiver();
    const endpoint = await createEndpoint(s, receiver.url, ["payment.created", "settlement_request.updated"]);
    const ids = [
      await emit(s, "payment.created", { id: "pay_1", amount: "10.00000000", note: "ünïcødé ✓" }),
      await emit(s, "settlement_request.updated", { id: "sr_1", external_id: "ord-1", metadata: { k: "v" } }),
      await emit(s, "payment.created", { id: "pay_2", nested: { a: [1, 2, 3] } }),
    ];
    await s.runWorkers();
    expect(receiver.received).toHaveLength(3);
    for (const r of receiver.received) {
      const header = r.headers["x-service-signature"] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(stripeVerify(r.body, header, endpoint.secret)).toBe(true);
      expect(() =>
        stripeVerify(r.body.replace("pay_", "pax_").replace("sr_1", "sr_2"), header, endpoint.secret),
      ).toThrow(/No signatures found/);
      expect(() => stripeVerify(r.body, header, "whsec_other")).toThrow(/No signatures found/);
      const body = JSON.parse(r.body);
      expect(Object.keys(body).sort()).toEqual(["created_at", "data", "id", "type"]);
      expect(r.headers["x-service-event-id"]).toBe(body.id);
      expect(body.created_at).toBe(s.clock.now().toISOString());
    }
    const byId = new Map(receiver.received.map((r) => [JSON.parse(r.body).id as string, JSON.parse(r.body)]));
    expect([...byId.keys()].sort()).toEqual([...ids].sort());
    expect(byId.get(ids[1])).toMatchObject({
      type: "settlement_request.updated",
      data: { id: "sr_1", external_id: "ord-1", metadata: { k: "v" } },
    });
    const list = await deliveries(s, endpoint.id);
    expect(list.every((d) => d.status === "SUCCEEDED" && d.attempt_count === 1 && d.next_attempt_at === null)).toBe(
      true,
    );
    expect(list[0].attempts[0]).toMatchObject({
      attempt: 1,
      http_status: 200,
      response_body: "ok",
      at: s.clock.now().toISOString(),
    });
  });

  it("follows the schedule exactly on the injectable clock; the tenth failure is FAILED", async () => {
    receiver = await startReceiver(() => ({ status: 503, body: "down" }));
    const endpoint = await createEndpoint(s, receiver.url);
    const t0 = s.clock.now().getTime();
    await emit(s);
    await s.runWorkers();
    expect(receiver.received).toHaveLength(1);
    const expectedTimes = [t0];
    for (let n = 1; n < RETRY_DELAYS_MS.length; n++) {
      await s.advance(RETRY_DELAYS_MS[n] - 1);
      expect(receiver.received, `attempt ${n + 1} came early`).toHaveLength(n);
      await s.advance(1);
      expect(receiver.received, `attempt ${n + 1} is due`).toHaveLength(n + 1);
      expectedTimes.push(s.clock.now().getTime());
      const [d] = await deliveries(s, endpoint.id);
      if (n < RETRY_DELAYS_MS.length - 1) {
        expect(d.status).toBe("PENDING");
        expect(new Date(d.next_attempt_at ?? 0).getTime()).toBe(s.clock.now().getTime() + RETRY_DELAYS_MS[n + 1]);
      }
    }
    const [d] = await deliveries(s, endpoint.id);
    expect(d).toMatchObject({ status: "FAILED", attempt_count: 10, next_attempt_at: null });
    expect(d.attempts.map((a) => new Date(a.at).getTime())).toEqual(expectedTimes);
    expect(d.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.attempts.every((a) => a.http_status === 503 && a.response_body === "down" && a.error === "HTTP 503")).toBe(
      true,
    );
    // Offsets from the first attempt: 0, 1 min, 6 min, 21 min, 81 min, then days.
    expect(expectedTimes.slice(0, 5).map((t) => (t - t0) / 60_000)).toEqual([0, 1, 6, 21, 81]);
    await s.advance(60 * 24 * 3600_000);
    expect(receiver.received).toHaveLength(10);
  });

  it("a later 2xx stops the retries", async () => {
    let calls = 0;
    receiver = await startReceiver(() => (++calls <= 3 ? { status: 500, body: "no" } : { status: 204 }));
    const endpoint = await createEndpoint(s, receiver.url);
    await emit(s);
    await s.runWorkers();
    await s.advance(RETRY_DELAYS_MS[1]);
    await s.advance(RETRY_DELAYS_MS[2]);
    await s.advance(RETRY_DELAYS_MS[3]);
    expect(receiver.received).toHaveLength(4);
    const [d] = await deliveries(s, endpoint.id);
    expect(d).toMatchObject({ status: "SUCCEEDED", attempt_count: 4, next_attempt_at: null });
    expect(d.attempts.map((a) => a.http_status)).toEqual([500, 500, 500, 204]);
    await s.advance(30 * 24 * 3600_000);
    expect(receiver.received).toHaveLength(4);
  });

  it("a rolled-back transaction sends nothing", async () => {
    receiver = await startReceiver();
    await createEndpoint(s, receiver.url);
    const eventsBefore = await queryRows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM events`);
    await expect(
      s.deps.db.transaction(async (tx) => {
        await emitEvent(tx, {
          accountId: s.account.id,
          environment: "sandbox",
          type: "payment.created",
          data: { id: "rolled-back" },
          at: s.clock.now(),
        });
        throw new Error("the change fails after its event was written");
      }),
    ).rejects.toThrow(/change fails/);
    await s.runWorkers();
    await s.advance(3600_000);
    expect(receiver.received).toHaveLength(0);
    const eventsAfter = await queryRows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM events`);
    expect(eventsAfter[0].n).toBe(eventsBefore[0].n);
    const pending = await queryRows<{ n: number }>(
      s.deps.db,
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'PENDING'`,
    );
    expect(pending[0].n).toBe(0);
  });

  it("fans out to ACTIVE endpoints of the account and environment subscribed to the type only", async () => {
    receiver = await startReceiver();
    const subscribed = await createEndpoint(s, `${receiver.url}?a`, ["payment.created"]);
    await createEndpoint(s, `${receiver.url}?other-type`, ["payment.failed"]);
    const disabled = await createEndpoint(s, `${receiver.url}?disabled`, ["payment.created"]);
    await s.request("PATCH", `/v0/webhooks/${disabled.id}`, { body: { status: "DISABLED" } });
    await emit(s, "payment.created");
    await emit(s, "payment.created", { id: "prod" }, "production");
    await s.runWorkers();
    expect(receiver.received.map((r) => r.path)).toEqual(["/hooks?a"]);
    expect(await deliveries(s, subscribed.id)).toHaveLength(1);
    expect(await deliveries(s, disabled.id)).toHaveLength(0);
  });

  it("does not follow redirects: a 3xx is a failure and the target is never called", async () => {
    const target = await startReceiver();
    receiver = await startReceiver(() => ({ status: 302, headers: { Location: target.url } }));
    const endpoint = await createEndpoint(s, receiver.url);
    await emit(s);
    await s.runWorkers();
    expect(target.received).toHaveLength(0);
    const [d] = await deliveries(s, endpoint.id);
    expect(d.status).toBe("PENDING");
    expect(d.attempts[0]).toMatchObject({ http_status: 302 });
    expect(d.attempts[0].error).toMatch(/redirect not followed/);
    await target.close();
  });

  it("production endpoints that reach loopback at delivery time are refused (DNS rebinding, old rows)", async () => {
    receiver = await startReceiver();
    const now = s.clock.now();
    for (const [id, url] of [
      ["prod-literal", `https://127.0.0.1:${receiver.port}/hooks`],
      ["prod-name", `https://localhost:${receiver.port}/hooks`],
      ["prod-http", `http://hooks.example.com/hooks`],
    ]) {
      await s.deps.db.insert(webhookEndpoints).values({
        id,
        accountId: s.account.id,
        environment: "production",
        url,
        events: ["payment.created"],
        secret: "whsec_x",
        status: "ACTIVE",
        createdAt: now,
        updatedAt: now,
      });
    }
    await emit(s, "payment.created", { id: "p" }, "production");
    await s.runWorkers();
    expect(receiver.received).toHaveLength(0);
    const errors = await queryRows<{ webhook_id: string; error: string; http_status: number | null }>(
      s.deps.db,
      sql`SELECT d.webhook_id, a.error, a.http_status FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id ORDER BY d.webhook_id`,
    );
    expect(errors.map((e) => e.webhook_id)).toEqual(["prod-http", "prod-literal", "prod-name"]);
    for (const e of errors) {
      expect(e.http_status).toBeNull();
      expect(e.error).toMatch(/refused/);
    }
  });

  it("records the first 1 KiB of the answer, and a retry after FAILED sends again", async () => {
    let ok = false;
    receiver = await startReceiver(() =>
      ok ? { status: 200, body: "fine" } : { status: 500, body: "é".repeat(3000) },
    );
    const endpoint = await createEndpoint(s, receiver.url);
    await emit(s);
    await s.runWorkers();
    for (let n = 1; n < RETRY_DELAYS_MS.length; n++) await s.advance(RETRY_DELAYS_MS[n]);
    let [d] = await deliveries(s, endpoint.id);
    expect(d.status).toBe("FAILED");
    expect(Buffer.byteLength(d.attempts[0].response_body ?? "")).toBeLessThanOrEqual(1024);
    expect((d.attempts[0].response_body ?? "").length).toBeGreaterThanOrEqual(500);

    ok = true;
    const retry = await s.request("POST", `/v0/webhooks/${endpoint.id}/deliveries/${d.id}/retry`);
    expect(retry.status).toBe(202);
    expect(await retry.json()).toMatchObject({ id: d.id, status: "PENDING" });
    await s.runWorkers();
    [d] = await deliveries(s, endpoint.id);
    expect(d).toMatchObject({ status: "SUCCEEDED", attempt_count: 11 });
    expect(d.attempts.at(-1)).toMatchObject({ attempt: 11, http_status: 200, response_body: "fine" });
    expect((await s.request("POST", `/v0/webhooks/${endpoint.id}/deliveries/nope/retry`)).status).toBe(404);
  });

  it("the running worker is woken by a new event: no waiting out its poll interval", async () => {
    receiver = await startReceiver();
    await createEndpoint(s, receiver.url);
    const stop = startWorkers(s.deps, 3_000);
    try {
      await new Promise((r) => setTimeout(r, 1_200)); // idle, past the fast-poll window
      const committed = Date.now();
      await emit(s);
      const until = committed + 2_000;
      while (receiver.received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].at - performance.timeOrigin).toBeLessThan(committed - performance.timeOrigin + 1_000);
    } finally {
      await stop();
    }
  });

  it("a deleted endpoint receives nothing more", async () => {
    receiver = await startReceiver(() => ({ status: 500 }));
    const endpoint = await createEndpoint(s, receiver.url);
    await emit(s);
    await s.runWorkers();
    expect((await s.request("DELETE", `/v0/webhooks/${endpoint.id}`)).status).toBe(204);
    await s.advance(RETRY_DELAYS_MS[1]);
    expect(receiver.received).toHaveLength(1);
  });
});

describe("webhook delivery limits", () => {
  let s: TestService;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    s = await createTestService({ config: { webhooks: { timeoutMs: 300, concurrency: 4, perEndpoint: 2 } } });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await s.close();
  });

  it("an attempt times out (no status, error recorded) and is retried on schedule", async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 2_000 }));
    receivers.push(slow);
    const endpoint = await createEndpoint(s, slow.url);
    await emit(s);
    const started = Date.now();
    await s.runWorkers();
    expect(Date.now() - started).toBeLessThan(1_500);
    const [d] = await deliveries(s, endpoint.id);
    expect(d).toMatchObject({ status: "PENDING", attempt_count: 1 });
    expect(d.attempts[0]).toMatchObject({ http_status: null, response_body: null, error: "timed out after 300 ms" });
    expect(d.attempts[0].duration_ms).toBeGreaterThanOrEqual(290);
    await s.request("DELETE", `/v0/webhooks/${endpoint.id}`);
  });

  it("one slow endpoint never holds up the others", async () => {
    const held = await createTestService({
      config: { webhooks: { timeoutMs: 5_000, concurrency: 4, perEndpoint: 2 } },
    });
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = await startReceiver(() => ({ status: 200, hold: gate }));
    const fast = await startReceiver();
    receivers.push(slow, fast);
    await createEndpoint(held, slow.url);
    await createEndpoint(held, fast.url);
    for (let i = 0; i < 10; i++) await emit(held, "payment.created", { i });
    const tick = held.runWorkers();
    const until = Date.now() + 10_000;
    while (fast.received.length < 10 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    // All ten went to the fast endpoint while the slow one sat on its first two (its cap).
    expect(fast.received).toHaveLength(10);
    expect(slow.received).toHaveLength(2);
    release();
    await tick;
    expect(slow.received).toHaveLength(10);
    await held.close();
  });
});
