/**
 * End to end through the API: changes made by the other modules reach a registered endpoint,
 * signed, with `data` equal to what a GET returns at that moment.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "../testing/harness";
import { BODIES } from "../testing/settlement-fixtures";
import { startReceiver, type Receiver } from "./testing/receiver";

const stripeSignature = Stripe.webhooks.signature ?? new Stripe("sk_test_x").webhooks.signature;

describe("events from the API reach webhooks", () => {
  let s: TestService;
  let receiver: Receiver;
  let secret: string;
  beforeAll(async () => {
    s = await createTestService();
    receiver = await startReceiver();
    const res = await s.request("POST", "/v0/webhooks", {
      body: { url: receiver.url, events: ["settlement_request.created", "settlement_request.updated"] },
    });
    secret = (await res.json()).secret;
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  const received = () =>
    receiver.received.map((r) => ({
      raw: r,
      body: JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
    }));

  it("settlement_request.created and .updated carry the resource as GET shows it, external_id and metadata included", async () => {
    const created = await s.request("POST", "/v0/settlement-requests", {
      body: { ...BODIES.s2s, external_id: "order-42", metadata: { customer: "c_1" } },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    await s.runWorkers();
    const get1 = await (await s.request("GET", `/v0/settlement-requests/${id}`)).json();
    const first = received().filter((r) => r.body.type === "settlement_request.created");
    expect(first).toHaveLength(1);
    expect(first[0].body.data).toEqual(get1);
    expect(first[0].body.data).toMatchObject({ external_id: "order-42", metadata: { customer: "c_1" } });

    const put = await s.request("PUT", `/v0/settlement-requests/${id}`, { body: { status: "FUNDS_SENT" } });
    expect(put.status).toBe(200);
    await s.runWorkers();
    const get2 = await (await s.request("GET", `/v0/settlement-requests/${id}`)).json();
    const updated = received().filter((r) => r.body.type === "settlement_request.updated");
    expect(updated.length).toBeGreaterThanOrEqual(1);
    expect(updated.at(-1)?.body.data).toEqual(get2);
    expect(updated.at(-1)?.body.data).toMatchObject({
      status: "FUNDS_SENT",
      external_id: "order-42",
      metadata: { customer: "c_1" },
    });

    if (!stripeSignature) throw new Error("stripe exposes no webhooks.signature");
    for (const { raw } of received()) {
      expect(stripeSignature.verifyHeader(raw.body, raw.headers["x-service-signature"] as string, secret)).toBe(true);
    }
  });
});
