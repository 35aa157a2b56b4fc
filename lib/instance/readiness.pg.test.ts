/**
 * Readiness on the machine's PostgreSQL, reached through a TCP relay this test can cut: not
 * ready while the database is unreachable, ready again once it is back; and not ready before
 * the migrations are applied.
 */
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import { checkReadiness } from "./readiness";

describe("readiness", () => {
  let direct: Database & { schema: string };
  let viaRelay: Database;
  let relay: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;

  const startRelay = () =>
    new Promise<void>((resolve) => {
      const target = new URL(TEST_PG_URL);
      const server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      relay = server;
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const cutRelay = async () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
    await new Promise((r) => relay?.close(r));
    relay = null;
  };

  beforeAll(async () => {
    direct = await freshPostgres();
    await startRelay();
    const url = new URL(TEST_PG_URL);
    url.port = String(port);
    url.hostname = "127.0.0.1";
    viaRelay = await openDatabase({ kind: "postgres", url: url.toString(), schema: direct.schema, max: 2 });
  });
  afterAll(async () => {
    await viaRelay.close().catch(() => undefined);
    if (relay) await cutRelay();
    await direct.close();
  });

  it("is not ready before the migrations, ready after", async () => {
    expect(await checkReadiness(direct.db)).toMatchObject({ ready: false });
    await migrate(direct.db);
    expect(await checkReadiness(direct.db)).toEqual({ ready: true });
  });

  it("is not ready while the database is unreachable, and ready once it is back", async () => {
    expect(await checkReadiness(viaRelay.db)).toEqual({ ready: true });
    await cutRelay();
    const down = await checkReadiness(viaRelay.db);
    expect(down.ready).toBe(false);
    await startRelay();
    let back = await checkReadiness(viaRelay.db);
    for (let i = 0; i < 20 && !back.ready; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await checkReadiness(viaRelay.db);
    }
    expect(back).toEqual({ ready: true });
  });
});
