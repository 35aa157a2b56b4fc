/**
 * One's own sessions (issue 61), on PostgreSQL: listed with their device, ended one at a time or
 * all but this one, and never another person's.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { deviceOf, endMyOtherSessions, endMySession, listMySessions } from "./my-sessions";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("one's own sessions (PostgreSQL)", () => {
  let a: TestDatabase;
  beforeAll(async () => {
    a = await migratedPostgres();
    await a.db.execute(
      sql`insert into console_users (id, name, email, role) values ('u1', 'Ana', 'ana@example.com', 'finance'), ('u2', 'Bo', 'bo@example.com', 'support')`,
    );
    const session = (id: string, user: string, ua: string | null) =>
      a.db.execute(
        sql`insert into console_sessions (id, token, user_id, expires_at, user_agent, ip_address)
            values (${id}, ${`t-${id}`}, ${user}, now() + interval '1 day', ${ua}, '203.0.113.7')`,
      );
    await session("s1", "u1", CHROME_LINUX);
    await session("s2", "u1", "curl/8.5.0");
    await session("s3", "u1", null);
    await session("s4", "u2", CHROME_LINUX);
  });
  afterAll(async () => {
    await a?.close();
  });

  it("lists mine only, names the browser, marks this one; ends one, then every other, never another person's", async () => {
    const mine = await listMySessions(a.db, "u1", "s1");
    expect(mine.map((s) => s.id).sort()).toEqual(["s1", "s2", "s3"]);
    expect(mine.find((s) => s.id === "s1")).toMatchObject({
      current: true,
      device: "Chrome on Linux",
      address: "203.0.113.7",
    });
    expect(deviceOf("curl/8.5.0")).toBe("curl");
    expect(await endMySession(a.db, "u1", "s4")).toBe(false); // Bo's: not mine
    expect(await endMySession(a.db, "u1", "s2")).toBe(true);
    expect(await endMyOtherSessions(a.db, "u1", "s1")).toBe(1);
    expect((await listMySessions(a.db, "u1", "s1")).map((s) => s.id)).toEqual(["s1"]);
    expect((await listMySessions(a.db, "u2", "s4")).map((s) => s.id)).toEqual(["s4"]);
  });
});
