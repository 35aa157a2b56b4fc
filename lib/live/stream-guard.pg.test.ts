/**
 * Live inbox streams (finding 8 of the security review), on the machine's PostgreSQL as two
 * instances: at most 5 streams per person across instances, and a stream's minute check fails
 * once its person is disabled, demoted, must change their password or signed out.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import { claimStreamSlot, MAX_STREAMS_PER_PERSON, releaseStream, sessionStillAllows } from "./stream-guard";

describe("live stream guard (PostgreSQL, two instances)", () => {
  let a: Database & { schema: string };
  let b: Database;
  beforeAll(async () => {
    a = await freshPostgres(undefined, 12);
    await migrate(a.db);
    b = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: a.schema, max: 12 });
    await a.db.execute(
      sql`insert into console_users (id, name, email, role) values ('u1', 'Dev', 'dev@example.com', 'developer')`,
    );
    await a.db.execute(
      sql`insert into console_sessions (id, expires_at, token, user_id) values ('s1', now() + interval '1 hour', 'tok1', 'u1')`,
    );
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("live inbox streams have a per-person cap: 12 parallel opens on two instances get 5", async () => {
    const opened = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimStreamSlot(i % 2 ? a.db : b.db, "u1", `st_${i}`)),
    );
    expect(opened.filter(Boolean)).toHaveLength(MAX_STREAMS_PER_PERSON);
    const first = opened.indexOf(true);
    await releaseStream(a.db, `st_${first}`);
    expect(await claimStreamSlot(b.db, "u1", "st_again")).toBe(true);
    expect(await claimStreamSlot(b.db, "u1", "st_more")).toBe(false);
    // another person is not held back by this one's streams
    expect(await claimStreamSlot(a.db, "u2", "st_other")).toBe(true);
  });

  it("live inbox streams check role, forced password change and disabled people, not only at connect", async () => {
    expect(await sessionStillAllows(a.db, "s1", "inbox:manage", "sandbox")).toBe(true);
    await a.db.execute(sql`update console_users set role = 'support' where id = 'u1'`);
    expect(await sessionStillAllows(b.db, "s1", "inbox:manage", "sandbox")).toBe(false);
    expect(await sessionStillAllows(b.db, "s1", "read", null)).toBe(true);
    await a.db.execute(sql`update console_users set must_change_password = true where id = 'u1'`);
    expect(await sessionStillAllows(b.db, "s1", "read", null)).toBe(false);
    await a.db.execute(sql`update console_users set must_change_password = false, disabled = true where id = 'u1'`);
    expect(await sessionStillAllows(b.db, "s1", "read", null)).toBe(false);
    await a.db.execute(sql`update console_users set disabled = false where id = 'u1'`);
    await a.db.execute(sql`delete from console_sessions where id = 's1'`);
    expect(await sessionStillAllows(b.db, "s1", "read", null)).toBe(false);
  });
});
