/**
 * Crash safety and sharing on PostgreSQL, with the standalone service as real OS processes.
 * Needs the machine's PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import { afterEach, describe, expect, it } from "vitest";
import { migratedPostgres } from "@/test/console-postgres";
import type { Database } from "@/lib/db/database";
import { startReceiver, type Receiver } from "./testing/receiver";
import { countRows, seedPendingEvents, startStandalone, waitFor, type StandaloneProcess } from "./testing/standalone";

const eventIdOf = (body: string): string => (JSON.parse(body) as { id: string }).id;

describe("webhook outbox on PostgreSQL, across processes", () => {
  let database: (Database & { schema: string }) | undefined;
  let receiver: Receiver | undefined;
  const processes: StandaloneProcess[] = [];

  afterEach(async () => {
    for (const p of processes.splice(0)) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
      await p.exited;
    }
    await receiver?.close();
    await database?.close();
  });

  it("kill -9 mid-delivery, restart: the receiver sees all 1,000 event ids", async () => {
    database = await migratedPostgres();
    // Answers take a little while, so sends are in flight when the process dies.
    receiver = await startReceiver(() => ({ status: 200, body: "ok", delayMs: 15 }));
    const { eventIds } = await seedPendingEvents(database.db, receiver.url, 1_000);
    expect(await countRows(database.db, "status = 'PENDING'")).toBe(1_000);

    const first = startStandalone(database.schema);
    processes.push(first);
    let leasedAtKill = -1;
    const killed = new Promise<void>((resolve) => {
      receiver!.onReceive = () => {
        if (receiver!.received.length === 300) {
          first.child.kill("SIGKILL");
          resolve();
        }
      };
    });
    await Promise.race([
      killed,
      first.exited.then(() => Promise.reject(new Error(`standalone exited early:\n${first.output.join("")}`))),
    ]);
    await first.exited;
    expect(first.child.signalCode).toBe("SIGKILL");
    receiver.onReceive = undefined;
    const seenAtKill = new Set(receiver.received.map((r) => eventIdOf(r.body))).size;
    // Claimed (leased) but never recorded: these would be lost without the lease running out.
    leasedAtKill = await countRows(database.db, "status = 'PENDING' AND next_attempt_at > now()");
    expect(seenAtKill).toBeLessThan(1_000);
    expect(leasedAtKill).toBeGreaterThan(0);

    const second = startStandalone(database.schema);
    processes.push(second);
    await waitFor(
      () => new Set(receiver!.received.map((r) => eventIdOf(r.body))).size === 1_000,
      40_000,
      "all 1,000 event ids",
    );
    const seen = new Set(receiver.received.map((r) => eventIdOf(r.body)));
    expect([...seen].sort()).toEqual([...eventIds].sort());
    await waitFor(
      async () => (await countRows(database!.db, "status = 'SUCCEEDED'")) === 1_000,
      10_000,
      "every delivery SUCCEEDED",
    );
    console.info(
      `[crash] received ${receiver.received.length} requests for 1000 events (${receiver.received.length - 1000} duplicates); ` +
        `${seenAtKill} ids before kill -9, ${leasedAtKill} leased and unrecorded at the kill`,
    );
  }, 60_000);

  it("two instances delivering 2,000 events: each delivered exactly once", async () => {
    database = await migratedPostgres();
    receiver = await startReceiver(() => ({ status: 200, body: "ok", delayMs: 2 }));
    const { eventIds } = await seedPendingEvents(database.db, receiver.url, 2_000);
    // 8 sends at once per process, so more than 8 sender connections means both processes sent.
    const a = startStandalone(database.schema, { WEBHOOK_CONCURRENCY: "8" });
    const b = startStandalone(database.schema, { WEBHOOK_CONCURRENCY: "8" });
    processes.push(a, b);
    await waitFor(() => receiver!.received.length >= 2_000, 40_000, "2,000 deliveries");
    await waitFor(
      async () => (await countRows(database!.db, "status = 'SUCCEEDED'")) === 2_000,
      10_000,
      "every delivery SUCCEEDED",
    );
    await new Promise((r) => setTimeout(r, 300));
    const ids = receiver.received.map((r) => eventIdOf(r.body));
    expect(ids).toHaveLength(2_000);
    expect(new Set(ids).size).toBe(2_000);
    expect([...new Set(ids)].sort()).toEqual([...eventIds].sort());
    expect(await countRows(database.db, "attempt_count = 1")).toBe(2_000);
    const ports = new Set(receiver.received.map((r) => r.remotePort)).size;
    console.info(`[two instances] 2000 events, 2000 requests, ${ports} sender connections`);
    expect(ports).toBeGreaterThan(8);
  }, 60_000);
});
