/**
 * Webhook operations (issue 63, extensions), through the real routes on PGlite and PostgreSQL:
 * dead letters (deliveries that used their ten attempts) listed with their last answer and sent
 * again, one, some or all, a named id that is no dead letter refused by name with nothing moved;
 * and an endpoint's delivery rate set, read and removed (its effect across instances:
 * outbox/throttle.timing.pg.test.ts).
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

describe.each<DriverKind>(["pglite", "postgres"])("replay by range (%s)", (driver) => {
  let s: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    s = await createTestService({ driver, start: "2026-11-20T10:00:00Z" });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await s.close();
  });

  it("counts first, sends the range again in order with X-Service-Replay, asks before a second replay, names an empty range", async () => {
    const made = await call(s, "POST", "/v0/webhooks", {
      url: receiver.url,
      events: ["payment.created", "payment.completed"],
    });
    const id = (made.body as { id: string }).id;
    const emit = (type: "payment.created" | "payment.completed", n: number) =>
      s.deps.db.transaction((tx) =>
        emitEvent(tx, {
          accountId: s.account.id,
          environment: "sandbox",
          type,
          data: { id: `pay_${n}` },
          at: s.clock.now(),
        }),
      );
    const inRange: string[] = [];
    await emit("payment.created", 0); // 10:00, before the range
    await s.advance(60_000);
    for (let i = 1; i <= 4; i++) {
      inRange.push(await emit(i % 2 ? "payment.created" : "payment.completed", i)); // 10:01 … 10:04
      await s.advance(60_000);
    }
    await emit("payment.created", 9); // 10:05, after the range
    await s.runWorkers();
    expect(receiver.received).toHaveLength(6);
    const range = { from: "2026-11-20T10:01:00.000Z", to: "2026-11-20T10:05:00.000Z" };

    const dry = await call(s, "POST", `/v0/webhooks/${id}/replay`, { ...range, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ dry_run: true, count: 4, replay_id: null, earlier_replays: 0 });
    expect(
      (await call(s, "POST", `/v0/webhooks/${id}/replay`, { ...range, dry_run: true, types: ["payment.completed"] }))
        .body.count,
    ).toBe(2);
    expect(
      (await call(s, "POST", `/v0/webhooks/${id}/replay`, { ...range, dry_run: true, only_failed: true })).body.count,
    ).toBe(0);
    expect(receiver.received).toHaveLength(6); // a dry run sends nothing

    const replay = await call(s, "POST", `/v0/webhooks/${id}/replay`, range);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ dry_run: false, count: 4, earlier_replays: 0 });
    await s.runWorkers();
    const again = receiver.received.slice(6);
    expect(again.map((r) => JSON.parse(r.body).id)).toEqual(inRange);
    expect(again.every((r) => r.headers["x-service-replay"] === replay.body.replay_id)).toBe(true);
    const listed = (await call(s, "GET", `/v0/webhooks/${id}/deliveries?page_size=100`)).body.data as Array<{
      event_id: string;
      replay_id: string | null;
      attempt_count: number;
    }>;
    expect(
      listed
        .filter((d) => d.replay_id === replay.body.replay_id)
        .map((d) => d.event_id)
        .sort(),
    ).toEqual([...inRange].sort());
    expect(listed.filter((d) => inRange.includes(d.event_id)).every((d) => d.attempt_count === 2)).toBe(true);

    const repeat = await call(s, "POST", `/v0/webhooks/${id}/replay`, {
      from: "2026-11-20T10:03:00Z",
      to: "2026-11-20T10:06:00Z",
    });
    expect(repeat.status).toBe(409);
    expect((repeat.body.details as Array<{ path: string }>).map((d) => d.path)).toContain("confirm_repeat");
    expect(receiver.received).toHaveLength(10);
    const confirmed = await call(s, "POST", `/v0/webhooks/${id}/replay`, {
      from: "2026-11-20T10:03:00Z",
      to: "2026-11-20T10:06:00Z",
      confirm_repeat: true,
    });
    expect(confirmed.body).toMatchObject({ count: 3, earlier_replays: 1 });

    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: "2026-11-19T00:00:00Z", to: "2026-11-19T01:00:00Z" }),
      "from",
    );
    expectFieldError(await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: range.to, to: range.from }), "to");
    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: "2026-10-01T00:00:00Z", to: "2026-11-20T00:00:00Z" }),
      "to",
    );
    expectFieldError(await call(s, "POST", `/v0/webhooks/${id}/replay`, { from: "yesterday", to: range.to }), "from");
    expectFieldError(
      await call(s, "POST", `/v0/webhooks/${id}/replay`, { ...range, types: ["payment.exploded"] }),
      "types.0",
    );
  });
});
