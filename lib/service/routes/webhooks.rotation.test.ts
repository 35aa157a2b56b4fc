/**
 * Rolling an endpoint's secret with an overlap (issue 63, extension), through the real routes on
 * PGlite and PostgreSQL, checked with Stripe's own verifier: during the overlap every delivery
 * verifies with the old secret and the new; after it, only with the new. One rotation at a time;
 * bad input names the field; no read shows a secret.
 */
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventType } from "@/lib/state-machine/webhooks";
import { emitEvent } from "../outbox/emit";
import { startReceiver, type Receiver } from "../outbox/testing/receiver";
import { webhookEndpoints } from "../store/schema";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

const stripeSignature = Stripe.webhooks.signature ?? new Stripe("sk_test_x").webhooks.signature;
/** Stripe's verifier: true, or it throws. */
const stripeAccepts = (body: string, header: string, secret: string) => {
  try {
    return stripeSignature?.verifyHeader(body, header, secret) === true;
  } catch {
    return false;
  }
};

describe.each<DriverKind>(["pglite", "postgres"])("rolling a webhook secret (%s)", (driver) => {
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
  afterEach(async () => {
    await s.deps.db.delete(webhookEndpoints);
    receiver.received.length = 0;
  });

  const endpoint = async () => {
    const res = await call(s, "POST", "/v0/webhooks", { url: receiver.url, events: ["payment.created"] });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  };
  const emit = (type: EventType = "payment.created") =>
    s.deps.db.transaction((tx) =>
      emitEvent(tx, {
        accountId: s.account.id,
        environment: "sandbox",
        type,
        data: { id: "pay_1" },
        at: s.clock.now(),
      }),
    );
  const lastDelivery = async () => {
    await emit();
    await s.runWorkers();
    const last = receiver.received.at(-1);
    if (!last) throw new Error("nothing delivered");
    return { body: last.body, header: String(last.headers["x-service-signature"]) };
  };

  it("signs with both secrets during the overlap and only the new one after it", async () => {
    const { id, secret: old } = await endpoint();
    const rolled = await call(s, "POST", `/v0/webhooks/${id}/rotate`, { previous_secret_expires_in: 3600 });
    expect(rolled.status).toBe(200);
    const fresh = rolled.body.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(rolled.body.previous_secret_expires_at).toBe(new Date(s.clock.now().getTime() + 3_600_000).toISOString());

    const during = await lastDelivery();
    expect(during.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(stripeAccepts(during.body, during.header, fresh)).toBe(true);
    expect(stripeAccepts(during.body, during.header, old)).toBe(true);
    expect(stripeAccepts(during.body, during.header, "whsec_someone_else")).toBe(false);

    // No read shows a secret: the endpoint, the list, the rotation.
    const rotation = await call(s, "GET", `/v0/webhooks/${id}/rotation`);
    expect(rotation.body).toMatchObject({
      webhook_id: id,
      previous_secret_expires_at: rolled.body.previous_secret_expires_at,
    });
    for (const read of [
      `/v0/webhooks/${id}`,
      "/v0/webhooks",
      `/v0/webhooks/${id}/rotation`,
      `/v1/webhooks/${id}/rotation`,
    ]) {
      const text = JSON.stringify((await call(s, "GET", read)).body);
      expect(text).not.toContain(fresh);
      expect(text).not.toContain(old);
    }

    await s.advance(3_600_000);
    const after = await lastDelivery();
    expect(after.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripeAccepts(after.body, after.header, fresh)).toBe(true);
    expect(stripeAccepts(after.body, after.header, old)).toBe(false);
    expect((await call(s, "GET", `/v0/webhooks/${id}/rotation`)).body.previous_secret_expires_at).toBeNull();
  });

  it("one rotation at a time: a second during the overlap is 409 naming the field, and nothing changes", async () => {
    const { id } = await endpoint();
    const first = await call(s, "POST", `/v0/webhooks/${id}/rotate`, {});
    expect(first.status).toBe(200);
    expect(first.body.previous_secret_expires_at).toBe(new Date(s.clock.now().getTime() + 86_400_000).toISOString());
    const second = await call(s, "POST", `/v1/webhooks/${id}/rotate`, { previous_secret_expires_in: 60 });
    expect(second.status).toBe(409);
    expect((second.body.details as Array<{ path: string }>).map((d) => d.path)).toContain("previous_secret_expires_in");
    const now = await lastDelivery();
    expect(stripeAccepts(now.body, now.header, first.body.secret as string)).toBe(true);
  });

  it("0 ends the old secret at once", async () => {
    const { id, secret: old } = await endpoint();
    const rolled = await call(s, "POST", `/v0/webhooks/${id}/rotate`, { previous_secret_expires_in: 0 });
    expect(rolled.body.previous_secret_expires_at).toBeNull();
    const next = await lastDelivery();
    expect(next.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripeAccepts(next.body, next.header, old)).toBe(false);
    expect(stripeAccepts(next.body, next.header, rolled.body.secret as string)).toBe(true);
    // And another rotation may follow at once.
    expect((await call(s, "POST", `/v0/webhooks/${id}/rotate`, {})).status).toBe(200);
  });

  it("names a bad overlap, and knows no endpoint of another environment", async () => {
    const { id } = await endpoint();
    for (const bad of [-1, 604_801, 1.5, "60"])
      expectFieldError(
        await call(s, "POST", `/v0/webhooks/${id}/rotate`, { previous_secret_expires_in: bad }),
        "previous_secret_expires_in",
      );
    expect((await call(s, "GET", `/v0/webhooks/${id}/rotation`)).body.rotated_at).toBeNull();
    expect((await call(s, "POST", `/v0/webhooks/${id}/rotate`, {}, { key: s.keys.production })).status).toBe(404);
    expect((await call(s, "POST", "/v0/webhooks/wh_nope/rotate", {})).status).toBe(404);
  });
});
