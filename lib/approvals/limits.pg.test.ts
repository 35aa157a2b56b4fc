/**
 * Daily limits on the machine's PostgreSQL (decisions D19.7): the check and the reservation
 * are one statement, so parallel submissions on two instances never pass the limit together;
 * a failed call gives its reservation back; days are counted in the configured time zone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import { addLimit, dayIn, leftOf, limitFor, release, reserve, usedToday } from "./limits";

describe("daily limits (PostgreSQL, two instances)", () => {
  let a: Database & { schema: string };
  let b: Database;
  beforeAll(async () => {
    a = await freshPostgres();
    await migrate(a.db);
    b = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: a.schema, max: 5 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("twenty parallel reservations of 100 against a limit of 1000 on two instances: exactly ten pass", async () => {
    const key = { userId: "u-fin", environment: "production", day: "2026-11-27", currency: "USDC" };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? a.db : b.db, key, "100", "1000")),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await usedToday(a.db, key)).toBe("1000");
    expect(await reserve(a.db, key, "0.00000001", "1000")).toBeNull();
    await release(a.db, key, "100");
    expect(await usedToday(a.db, key)).toBe("900");
    expect(leftOf("1000", "900")).toBe("100");
    expect(await reserve(a.db, key, "100.5", "1000")).toBeNull();
    expect(await reserve(a.db, key, "100", "1000")).toBe("1000");
  });

  it("a first submission above the limit reserves nothing", async () => {
    const key = { userId: "u-other", environment: "production", day: "2026-11-27", currency: "EUR" };
    expect(await reserve(a.db, key, "5000.01", "5000")).toBeNull();
    expect(await usedToday(a.db, key)).toBe("0");
  });

  it("a person's own limit overrides their role's; a new limit replaces the old one", async () => {
    await addLimit(a.db, {
      environment: "production",
      role: "finance",
      userId: null,
      userEmail: null,
      currency: "USDC",
      amount: "1000",
      createdBy: "adm",
    });
    expect(await limitFor(a.db, { userId: "u-fin", role: "finance" }, "production", "USDC")).toMatchObject({
      amount: "1000",
      scope: "role",
    });
    await addLimit(a.db, {
      environment: "production",
      role: null,
      userId: "u-fin",
      userEmail: "fin@example.com",
      currency: "USDC",
      amount: "250",
      createdBy: "adm",
    });
    expect(await limitFor(a.db, { userId: "u-fin", role: "finance" }, "production", "USDC")).toMatchObject({
      amount: "250",
      scope: "person",
    });
    await addLimit(a.db, {
      environment: "production",
      role: "finance",
      userId: null,
      userEmail: null,
      currency: "USDC",
      amount: "2000",
      createdBy: "adm",
    });
    expect(await limitFor(a.db, { userId: "u-other", role: "finance" }, "production", "USDC")).toMatchObject({
      amount: "2000",
    });
    expect(await limitFor(a.db, { userId: "u-fin", role: "finance" }, "production", "EUR")).toBeNull();
  });

  it("counts days in the configured time zone", () => {
    const lateEvening = new Date("2026-11-27T23:30:00Z");
    expect(dayIn("UTC", lateEvening)).toBe("2026-11-27");
    expect(dayIn("Europe/Berlin", lateEvening)).toBe("2026-11-28");
    expect(dayIn("America/Los_Angeles", new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-26");
  });
});
