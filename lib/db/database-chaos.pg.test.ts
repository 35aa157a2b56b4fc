/**
 * Chaos (issue 49): the service reaches PostgreSQL through a proxy that cuts every connection and
 * refuses new ones for 5 s. While it is cut every answer is 503 service_unavailable with
 * Retry-After, within 2 s (never a hang, never a 500); within 5 s of the proxy letting
 * connections through again, creates are answered 201. Nothing reaches the process unhandled.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./database";
import { startCuttingProxy, type CuttingProxy } from "./testing/cutting-proxy";
import { createServiceApp } from "@/lib/service/app";
import { createTestService, TEST_PG_URL, type TestService } from "@/lib/service/testing/harness";
import { BODIES } from "@/lib/service/testing/settlement-fixtures";

describe("the database cut off by a proxy (PostgreSQL)", () => {
  let s: TestService | undefined;
  let proxy: CuttingProxy | undefined;
  let proxied: Database | undefined;
  afterEach(async () => {
    await proxied?.close();
    await proxy?.close();
    await s?.close();
    s = proxy = proxied = undefined;
  });

  it("503 with Retry-After within 2 s while cut, 201 again within 5 s of reconnection", async () => {
    s = await createTestService({ driver: "postgres" });
    const schema = (s.database as { schema?: string }).schema ?? "";
    const target = new URL(TEST_PG_URL);
    proxy = await startCuttingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxied = await openDatabase({ kind: "postgres", url: proxy.through(TEST_PG_URL), schema, max: 4 });
    const app = createServiceApp({ ...s.deps, db: proxied.db });
    let n = 0;
    const create = async () => {
      const started = Date.now();
      const res = await app.request("/v0/settlement-requests", {
        method: "POST",
        headers: {
          "X-Api-Key": s?.keys.sandbox ?? "",
          "Content-Type": "application/json",
          "Idempotency-Key": `chaos-${n}`,
        },
        body: JSON.stringify({ ...BODIES.s2s, external_id: `chaos-${n++}` }),
      });
      return {
        status: res.status,
        ms: Date.now() - started,
        retryAfter: res.headers.get("Retry-After"),
        body: await res.json(),
      };
    };
    const read = async () => {
      const started = Date.now();
      const res = await app.request("/v0/settlement-requests?page_size=1", {
        headers: { "X-Api-Key": s?.keys.sandbox ?? "" },
      });
      return { status: res.status, ms: Date.now() - started };
    };

    expect((await create()).status).toBe(201);
    proxy.cut();
    const cutAt = Date.now();
    const whileCut: Array<{ status: number; ms: number }> = [];
    while (Date.now() - cutAt < 5_000) {
      const answer = await create();
      whileCut.push(answer);
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect((answer.body as { error: string }).error).toBe("service_unavailable");
      expect(answer.ms).toBeLessThan(2_000);
      const r = await read();
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(whileCut.length).toBeGreaterThan(2);
    proxy.restore();
    const restoredAt = Date.now();
    let back: number | null = null;
    while (Date.now() - restoredAt < 5_000) {
      const answer = await create();
      if (answer.status === 201) {
        back = Date.now() - restoredAt;
        break;
      }
      expect(answer.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back).not.toBeNull();
    console.info(
      `chaos: ${whileCut.length} answers while cut, slowest ${Math.max(...whileCut.map((a) => a.ms))} ms; 201 again ${back} ms after reconnection`,
    );
  }, 60_000);
});
