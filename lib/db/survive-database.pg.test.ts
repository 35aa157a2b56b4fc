/**
 * Surviving the database (issue 49), on the machine's PostgreSQL: every backend of the app's pool
 * is terminated (`pg_terminate_backend`, what a restart or a failover does to a session) while a
 * stream of keyed creates runs, and again inside an open transaction. Nothing reaches the process
 * as an unhandled error (vitest fails a run on one), every create is answered 201 or 503 (with
 * Retry-After) or 409 while its key is in flight, a retry with the same key ends in exactly one
 * request, and every `settlement_request.created` is delivered to a local receiver.
 */
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability";
import { queryRows } from "./database";
import { createTestService, TEST_PG_URL, type TestService } from "@/lib/service/testing/harness";
import { BODIES } from "@/lib/service/testing/settlement-fixtures";
import { startReceiver, type Receiver } from "@/lib/service/outbox/testing/receiver";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Terminates every session of the app's pool (found by its application_name); returns how many. */
async function terminateBackends(schema: string): Promise<number> {
  const admin = new Client({ connectionString: TEST_PG_URL, application_name: "survive-database-test" });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1",
      [`test:${schema}`],
    );
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe("the database goes away and comes back (PostgreSQL)", () => {
  let s: TestService | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    await s?.close();
    s = undefined;
    receiver = undefined;
  });

  it("a transaction whose connection is terminated between two statements fails as 'unavailable', leaves nothing, and the next statement works", async () => {
    s = await createTestService({ driver: "postgres" });
    const { db } = s.database;
    const schema = (s.database as { schema?: string }).schema ?? "";
    await db.execute(sql`create table survive_probe (id int primary key)`);
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into survive_probe values (1)`);
        // The checked-out connection sits idle in its transaction when its backend is ended:
        // node-postgres emits `error` on it, which would end the process without a listener.
        expect(await terminateBackends(schema)).toBeGreaterThan(0);
        await sleep(200);
        await tx.execute(sql`insert into survive_probe values (2)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // A fresh connection, and nothing of the rolled-back transaction.
    expect(await queryRows<{ n: number }>(db, sql`select count(*)::int as n from survive_probe`)).toEqual([{ n: 0 }]);
  });

  it("creates during two rounds of terminated backends: 201, 503 or 409 only; each key ends in exactly one request; every created event is delivered", async () => {
    s = await createTestService({ driver: "postgres" });
    const service = s;
    const schema = (s.database as { schema?: string }).schema ?? "";
    receiver = await startReceiver();
    const hook = await service.request("POST", "/v0/webhooks", {
      body: { url: `${receiver.url}/hook`, events: ["settlement_request.created"] },
    });
    expect(hook.status).toBe(201);

    const N = 48;
    const statuses: number[] = [];
    const ids = new Map<number, string>();
    const createOne = async (i: number) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const res = await service.request("POST", "/v0/settlement-requests", {
          body: { ...BODIES.s2s, external_id: `survive-${i}` },
          headers: { "Idempotency-Key": `survive-key-${i}` },
        });
        statuses.push(res.status);
        if (res.status === 201) {
          ids.set(i, ((await res.json()) as { id: string }).id);
          return;
        }
        const body = (await res.json()) as { error: string };
        if (res.status === 503) {
          expect(body.error).toBe("service_unavailable");
          expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
        } else {
          expect({ status: res.status, body }).toMatchObject({ status: 409, body: { error: "idempotency_conflict" } });
        }
        await sleep(25);
      }
      throw new Error(`create ${i} never succeeded`);
    };

    let next = 0;
    const terminations: number[] = [];
    const worker = async () => {
      while (next < N) {
        const i = next++;
        if (i === 12 || i === 30) terminations.push(await terminateBackends(schema));
        await createOne(i);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);

    expect(terminations.every((n) => n > 0)).toBe(true);
    console.info(
      `survive: ${statuses.length} answers, ${statuses.filter((st) => st === 503).length} × 503, ${statuses.filter((st) => st === 409).length} × 409`,
    );
    expect(ids.size).toBe(N);
    expect(statuses.every((st) => st === 201 || st === 503 || st === 409)).toBe(true);
    // Exactly one request per key: no create lost, none made twice.
    const rows = await queryRows<{ external_id: string; n: number }>(
      service.database.db,
      sql`select external_id, count(*)::int as n from settlement_requests where external_id like 'survive-%' group by external_id`,
    );
    expect(rows.length).toBe(N);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // A retry after the storm replays the stored answer.
    const replay = await service.request("POST", "/v0/settlement-requests", {
      body: { ...BODIES.s2s, external_id: "survive-0" },
      headers: { "Idempotency-Key": "survive-key-0" },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as { id: string }).id).toBe(ids.get(0));

    // Every committed create's webhook event reaches the receiver.
    const delivered = () =>
      new Set(
        (receiver?.received ?? [])
          .map((r) => JSON.parse(r.body) as { type: string; data: { id: string } })
          .filter((e) => e.type === "settlement_request.created")
          .map((e) => e.data.id),
      );
    for (let round = 0; round < 40 && delivered().size < N; round++) {
      await service.runWorkers();
      await sleep(50);
    }
    expect([...ids.values()].filter((id) => !delivered().has(id))).toEqual([]);
  }, 120_000);
});
