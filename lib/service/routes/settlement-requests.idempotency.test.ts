import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../app";
import { openDatabase, type Database } from "@/lib/db/database";
import { createTestService, TEST_PG_URL, type TestService } from "../testing/harness";
import { call } from "../testing/http";
import { BODIES, withFields } from "../testing/settlement-fixtures";

describe("Idempotency-Key on POST /v0/settlement-requests (PostgreSQL, two app instances)", () => {
  let s: TestService;
  let second: Database;
  let apps: ServiceApp[];
  beforeAll(async () => {
    s = await createTestService({ driver: "postgres" });
    second = await openDatabase({
      kind: "postgres",
      url: TEST_PG_URL,
      schema: (s.database as { schema?: string }).schema,
      max: 10,
    });
    apps = [s.app, createServiceApp({ ...s.deps, db: second.db })];
  });
  afterAll(async () => {
    await second.close();
    await s.close();
  });

  const post = (app: ServiceApp, key: string, body: unknown) =>
    app.request("/v0/settlement-requests", {
      method: "POST",
      headers: { "X-Api-Key": s.keys.sandbox, "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });

  it("50 concurrent creates with one key: every answer 201 or 409, exactly one request", async () => {
    const key = "race-1";
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(apps[i % 2], key, BODIES.s2s)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.every((st) => st === 201 || st === 409),
      statuses.join(","),
    ).toBe(true);
    expect(statuses).toContain(201);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
    const ids = new Set(bodies.filter((_, i) => statuses[i] === 201).map((b) => b.id));
    expect(ids.size).toBe(1);
    for (const [i, b] of bodies.entries()) if (statuses[i] === 409) expect(b.error).toBe("idempotency_conflict");
    const list = await call(s, "GET", "/v0/settlement-requests");
    expect(list.body.pagination).toMatchObject({ total: 1 });
    const replay = await post(apps[1], key, BODIES.s2s);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).id).toBe([...ids][0]);
  });

  it("a different body with the same key is 400 idempotency_mismatch; key order does not matter", async () => {
    const first = await post(apps[0], "k-2", BODIES.s2s);
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(BODIES.s2s).reverse());
    const same = await post(apps[1], "k-2", reordered);
    expect(same.status).toBe(201);
    expect(same.headers.get("idempotent-replayed")).toBe("true");
    const other = await post(apps[0], "k-2", withFields(BODIES.s2s, { amount: "101" }));
    expect(other.status).toBe(400);
    expect((await other.json()).error).toBe("idempotency_mismatch");
  });

  it("replays a validation failure; a key is scoped to its API key", async () => {
    const bad = withFields(BODIES.s2s, { amount: "0" });
    expect((await post(apps[0], "k-3", bad)).status).toBe(400);
    const again = await post(apps[1], "k-3", bad);
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const prod = await apps[0].request("/v0/settlement-requests", {
      method: "POST",
      headers: { "X-Api-Key": s.keys.production, "Content-Type": "application/json", "Idempotency-Key": "k-3" },
      body: JSON.stringify(BODIES.s2s),
    });
    expect(prod.status).toBe(201);
  });
});
