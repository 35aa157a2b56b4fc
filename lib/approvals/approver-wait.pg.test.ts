/**
 * Who may approve production on the console's first day (issue 59): the team added while the
 * console was set up (within APPROVER_MIN_AGE_HOURS of its first person) approves at once, the
 * first administrator included; someone added later waits that long from their own addition.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { approverWait } from "./approver-wait";

const HOUR = 3_600_000;

describe("the approver's wait (PostgreSQL)", () => {
  let a: TestDatabase;
  const t0 = Date.parse("2026-12-02T09:00:00Z");
  beforeAll(async () => {
    a = await migratedPostgres();
    const person = (id: string, at: number) =>
      a.db.execute(
        sql`insert into console_users (id, name, email, role, created_at) values (${id}, ${id}, ${`${id}@example.com`}, 'admin', ${new Date(at)})`,
      );
    await person("first-admin", t0);
    await person("set-up-finance", t0 + 3 * HOUR);
    await person("last-minute", t0 + 24 * HOUR - 1);
    await person("next-day", t0 + 24 * HOUR);
    await person("next-week", t0 + 7 * 24 * HOUR);
  });
  afterAll(async () => {
    await a?.close();
  });

  it("the people present at set-up approve at once; later ones wait a day from their own addition", async () => {
    const at = t0 + 4 * HOUR;
    expect(await approverWait(a.db, "first-admin", at)).toMatchObject({ until: null, setUpTeam: true, hours: 24 });
    expect(await approverWait(a.db, "set-up-finance", at)).toMatchObject({ until: null, setUpTeam: true });
    expect((await approverWait(a.db, "last-minute", t0 + 24 * HOUR)).setUpTeam).toBe(true);
    const nextDay = await approverWait(a.db, "next-day", t0 + 30 * HOUR);
    expect(nextDay).toMatchObject({ setUpTeam: false, until: new Date(t0 + 48 * HOUR) });
    expect((await approverWait(a.db, "next-day", t0 + 48 * HOUR)).until).toBeNull();
    const week = await approverWait(a.db, "next-week", t0 + 7 * 24 * HOUR + HOUR);
    expect(week.until?.toISOString()).toBe(new Date(t0 + 8 * 24 * HOUR).toISOString());
    expect((await approverWait(a.db, "nobody", at)).until).not.toBeNull();
  });
});
