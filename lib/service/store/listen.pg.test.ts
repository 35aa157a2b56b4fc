/**
 * LISTEN/NOTIFY between two database handles on the machine's PostgreSQL (two console instances
 * in miniature): a notice sent through one reaches the listener of the other; when the listening
 * connection is killed it reconnects by itself, says so (so streams catch up from the rows), and
 * hears the next notice.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres } from "@/lib/service/testing/harness";
import { openDatabase, type Database } from "@/lib/db/database";

const CHANNEL = "listen_test_channel";

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("listen across database handles (PostgreSQL)", () => {
  let a: Database & { schema: string };
  let b: Database;

  beforeAll(async () => {
    a = await freshPostgres();
    b = await openDatabase({
      kind: "postgres",
      url: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      schema: a.schema,
      max: 2,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("delivers a notice sent on one handle to the listener of the other, and survives a killed connection", async () => {
    const heard: string[] = [];
    let reconnects = 0;
    const stop = await b.listen(CHANNEL, { onMessage: (p) => heard.push(p), onReconnect: () => reconnects++ });

    await a.db.execute(sql`select pg_notify(${CHANNEL}, ${"first"})`);
    await until(() => heard.includes("first"));

    // Kill every backend that listens on this channel, as a failover or an idle-killer would.
    await a.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where pid <> pg_backend_pid() and query = ${`LISTEN ${CHANNEL}`}`);
    await until(() => reconnects === 1);

    await a.db.execute(sql`select pg_notify(${CHANNEL}, ${"second"})`);
    await until(() => heard.includes("second"));

    await stop();
    await a.db.execute(sql`select pg_notify(${CHANNEL}, ${"third"})`);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(["first", "second"]);
  });

  it("refuses a channel that is not a plain identifier", async () => {
    await expect(b.listen("x; drop table y", { onMessage: () => {} })).rejects.toThrow(/channel/);
  });
});
