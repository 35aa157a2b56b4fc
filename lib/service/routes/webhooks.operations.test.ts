/**
 * Webhook operations (issue 63, extensions), through the real routes on PGlite and PostgreSQL:
 * dead letters (deliveries that used their ten attempts) listed with their last answer and sent
 * again, one, some or all, a named id that is no dead letter refused by name with nothing moved;
 * and an endpoint's delivery rate set, read and removed (its effect across instances:
 * outbox/throttle.pg.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvent } from "../outbox/emit";
import { RETRY_DELAYS_MS } from "../outbox/schedule";
import { startReceiver, type Receiver } from "../outbox/testing/receiver";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

type Delivery = {
  id: string;
  event_id: string;
  status: string;
  attempt_count: number;
  attempts: Array<{ http_status: number | null; response_body: string | null }>;
};

describe.each<DriverKind>(["pglite", "postgres"])("dead letters (%s)", (driver) => {
  let s: TestService;
  let receiver: Receiver;
  let down = true;
  beforeAll(async () => {
    s = await createTestService({ driver });
    receiver = await startReceiver(() =>
      down ? { status: 503, body: "down for maintenance" } : { status: 200, body: "ok" },
    );
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  const deliveries = async (id: string, status = "") =>
    (await call(s, "GET", `/v0/webhooks/${id}/deliveries?page_size=100${status ? `&status=${status}` : ""}`)).body
      .data as Delivery[];

  it("lists dead letters with their last answer, and sends one, then the rest, oldest first", async () => {
    const made = await call(s, "POST", "/v0/webhooks", { url: receiver.url, events: ["payment.created"] });
    const id = (made.body as { id: string }).id;
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      events.push(
        await s.deps.db.transaction((tx) =>
          emitEvent(tx, {
            accountId: s.account.id,
            environment: "sandbox",
            type: "payment.created",
            data: { id: `pay_${i}` },
            at: s.clock.now(),
          }),
        ),
      );
      await s.advance(1_000);
    }
    await s.runWorkers();
    for (const delay of RETRY_DELAYS_MS.slice(1)) await s.advance(delay);
    const dead = await deliveries(id, "FAILED");
    expect(dead).toHaveLength(3);
    expect(dead.every((d) => d.attempt_count === RETRY_DELAYS_MS.length)).toBe(true);
    expect(dead[0]?.attempts.at(-1)).toMatchObject({ http_status: 503, response_body: "down for maintenance" });

    down = false;
    const byEvent = new Map(dead.map((d) => [d.event_id, d.id]));
    const first = byEvent.get(events[1] as string) as string;
    const one = await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, { delivery_ids: [first] });
    expect(one.status).toBe(202);
    expect(one.body).toEqual({ redriven: 1, delivery_ids: [first] });
    const before = receiver.received.length;
    await s.runWorkers();
    expect(receiver.received.slice(before).map((r) => JSON.parse(r.body).id)).toEqual([events[1]]);
    expect((await deliveries(id, "FAILED")).map((d) => d.id).sort()).toEqual(
      [byEvent.get(events[0] as string), byEvent.get(events[2] as string)].sort(),
    );

    // A delivery that is not a dead letter (it just succeeded) is refused by name; nothing moves.
    const refused = await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, {
      delivery_ids: [byEvent.get(events[0] as string), first],
    });
    expectFieldError(refused, "delivery_ids.1");
    expect(await deliveries(id, "FAILED")).toHaveLength(2);

    const rest = await call(s, "POST", `/v1/webhooks/${id}/dead-letters/redrive`, {});
    expect(rest.body).toEqual({
      redriven: 2,
      delivery_ids: [byEvent.get(events[0] as string), byEvent.get(events[2] as string)],
    });
    const mark = receiver.received.length;
    await s.runWorkers();
    expect(
      receiver.received
        .slice(mark)
        .map((r) => JSON.parse(r.body).id)
        .sort(),
    ).toEqual([events[0], events[2]].sort());
    expect((await deliveries(id)).every((d) => d.status === "SUCCEEDED")).toBe(true);
    expect((await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, {})).body).toEqual({
      redriven: 0,
      delivery_ids: [],
    });
  });

  it("names a bad list, and knows no endpoint of another environment", async () => {
    const made = await call(s, "POST", "/v0/webhooks", { url: receiver.url, events: ["payment.created"] });
    const id = (made.body as { id: string }).id;
    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, { delivery_ids: [] }),
      "delivery_ids",
    );
    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, { delivery_ids: "all" }),
      "delivery_ids",
    );
    expect(
      (await call(s, "POST", `/v0/webhooks/${id}/dead-letters/redrive`, {}, { key: s.keys.production })).status,
    ).toBe(404);
  });
});

describe.each<DriverKind>(["pglite", "postgres"])("an endpoint's delivery rate (%s)", (driver) => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ driver });
  });
  afterAll(() => s.close());

  it("is set, read and removed; a throttle of 0 or a fraction names the field and changes nothing", async () => {
    const made = await call(s, "POST", "/v0/webhooks", {
      url: "https://hooks.example.com/x",
      events: ["payment.created"],
    });
    const id = (made.body as { id: string }).id;
    expect((await call(s, "GET", `/v0/webhooks/${id}/throttle`)).body).toEqual({
      webhook_id: id,
      max_per_second: null,
    });
    expect((await call(s, "PUT", `/v0/webhooks/${id}/throttle`, { max_per_second: 50 })).body).toEqual({
      webhook_id: id,
      max_per_second: 50,
    });
    for (const bad of [0, -1, 2.5, 1001, "50"])
      expectFieldError(await call(s, "PUT", `/v1/webhooks/${id}/throttle`, { max_per_second: bad }), "max_per_second");
    expectFieldError(await call(s, "PUT", `/v0/webhooks/${id}/throttle`, {}), "max_per_second");
    expect((await call(s, "GET", `/v1/webhooks/${id}/throttle`)).body).toEqual({ webhook_id: id, max_per_second: 50 });
    expect(
      (await call(s, "PUT", `/v0/webhooks/${id}/throttle`, { max_per_second: null })).body.max_per_second,
    ).toBeNull();
    expect(
      (await call(s, "PUT", `/v0/webhooks/${id}/throttle`, { max_per_second: 5 }, { key: s.keys.production })).status,
    ).toBe(404);
  });
});
