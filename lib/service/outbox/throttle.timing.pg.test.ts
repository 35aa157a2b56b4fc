/**
 * A per-endpoint delivery rate across instances (issue 63), on PostgreSQL with two standalone
 * services as real OS processes sharing one schema: a receiver that counts requests per second of
 * arrival never sees more than the endpoint's rate, every event arrives once, and the throttled
 * deliveries waited without an attempt counted against them.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { migratedPostgres } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";
import { startReceiver, type Receiver } from "./testing/receiver";
import { countRows, seedPendingEvents, startStandalone, waitFor, type StandaloneProcess } from "./testing/standalone";

describe("a delivery rate per endpoint, shared by instances (PostgreSQL)", () => {
  let database: (Database & { schema: string }) | undefined;
  let receiver: Receiver | undefined;
  const processes: StandaloneProcess[] = [];
  afterEach(async () => {
    for (const p of processes.splice(0)) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
      await p.exited;
    }
    await receiver?.close();
    await database?.close();
  });

  it("two instances, 40 events, 8 a second: never more than 8 in any second, each once, one attempt each", async () => {
    const RATE = 8;
    const EVENTS = 40;
    database = await migratedPostgres();
    receiver = await startReceiver();
    const { eventIds } = await seedPendingEvents(database.db, receiver.url, EVENTS);
    await database.db.execute(sql`UPDATE webhook_endpoints SET max_per_second = ${RATE}`);
    processes.push(startStandalone(database.schema), startStandalone(database.schema));
    await waitFor(
      () => receiver?.received.length === EVENTS || (receiver?.received.length ?? 0) > EVENTS,
      60_000,
      "every event",
    );
    await waitFor(
      async () => (await countRows(database?.db as Database["db"], "status = 'SUCCEEDED'")) === EVENTS,
      15_000,
      "every delivery recorded",
    );

    const arrivals = receiver.received.map((r) => r.at);
    const perSecond = new Map<number, number>();
    for (const at of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(RATE);
    // And not slower than it needs to be: 40 at 8 a second is about five seconds.
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(((EVENTS / RATE) * 1.02 + 2) * 1000);
    // Both instances sent (they share the pacing, not the work by chance alone).
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id as string))).toEqual(new Set(eventIds));
    expect(receiver.received).toHaveLength(EVENTS);
    const [attempts] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM webhook_delivery_attempts`,
    );
    expect(attempts?.n).toBe(EVENTS);
  }, 90_000);
});
