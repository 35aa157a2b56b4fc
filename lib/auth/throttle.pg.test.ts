/**
 * The sign-in throttle on the machine's PostgreSQL, shared by two database handles as by two
 * console instances: failures counted on one lock the pair on the other; a stranger failing
 * from their own address does not lock the real person out from theirs; the per-email ceiling
 * stops guessing from many addresses, and ends with its window.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/service/store/migrate";
import { openDatabase, type Database } from "@/lib/service/store/db";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import { clearSignInFailures, noteSignInFailure, signInWait, THROTTLE_LIMITS } from "./throttle";

describe("sign-in throttle (PostgreSQL, two instances)", () => {
  let a: Database & { schema: string };
  let b: Database;
  beforeAll(async () => {
    a = await freshPostgres();
    await migrate(a.db);
    b = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: a.schema, max: 2 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("locks (email, address) after its failures, whichever instance counted them, and not the person's own address", async () => {
    const email = "pat@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.pair.max; i++) await noteSignInFailure(i % 2 ? a.db : b.db, email, "203.0.113.66");
    const wait = await signInWait(b.db, email, "203.0.113.66");
    expect(wait).toBeGreaterThan(THROTTLE_LIMITS.pair.windowSeconds - 60);
    expect(wait).toBeLessThanOrEqual(THROTTLE_LIMITS.pair.windowSeconds);
    expect(await signInWait(a.db, email, "198.51.100.7")).toBe(0); // the real person, elsewhere
  });

  it("stops guessing one email from many addresses at the ceiling, and only for its window", async () => {
    const email = "finance@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.email.max; i++) await noteSignInFailure(a.db, email, `192.0.2.${i}`);
    expect(await signInWait(a.db, email, "192.0.2.250")).toBeGreaterThan(0);
    // The window ends: the email is open again.
    await a.db.execute(sql`update console_sign_in_throttle set window_started_at = now() - interval '61 minutes' where key = ${`email:${email}`}`);
    expect(await signInWait(a.db, email, "192.0.2.250")).toBe(0);
  });

  it("stops one address trying many emails", async () => {
    for (let i = 0; i < THROTTLE_LIMITS.address.max; i++) await noteSignInFailure(b.db, `p${i}@example.com`, "198.51.100.99");
    expect(await signInWait(a.db, "someone-new@example.com", "198.51.100.99")).toBeGreaterThan(0);
  });

  it("a success clears its own pair", async () => {
    const email = "dev@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.pair.max; i++) await noteSignInFailure(a.db, email, "10.1.1.1");
    expect(await signInWait(a.db, email, "10.1.1.1")).toBeGreaterThan(0);
    await clearSignInFailures(b.db, email, "10.1.1.1");
    expect(await signInWait(a.db, email, "10.1.1.1")).toBe(0);
  });
});
