/**
 * Daily limits and duplicates on the machine's PostgreSQL (decisions D19.7, D19.11): usage is
 * what the person sent today in USD, read and decided under locks in the transaction that
 * records the new movement, so parallel submissions on two instances never pass the limit
 * together and two identical ones never both go; a failed call counts for nothing; days are
 * counted in the configured time zone.
 */
import { describe, expect, it } from "vitest";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/database";
import { dayIn, startOfDayIn } from "@/lib/dates/calendar";
import { addLimit, leftOf, limitFor } from "./limits";
import { finishMoneyCall, possibleDuplicates, recordMoneyCall, type MoneyCallFacts } from "./money-calls";

const DAY = new Date(Date.now() - 60_000);
const facts = (over: Partial<MoneyCallFacts> = {}): MoneyCallFacts => ({
  environment: "production",
  action: "disbursement",
  userId: "u-fin",
  destinationKey: `wallet:${Math.random()}`,
  currency: "USDC",
  amount: "100",
  amountUsd: "100",
  externalId: null,
  ...over,
});
const checks = (limitUsd: string | null, holdDuplicates = false) => ({
  dayStart: DAY,
  heldByRule: false,
  holdDuplicates,
  limitUsd,
});

describe("daily limits and duplicates (PostgreSQL, two instances)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("twenty parallel submissions worth 100 USD against a limit of 1000 USD on two instances: exactly ten go", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => recordMoneyCall(i % 2 ? a.db : b.db, facts(), checks("1000"))),
    );
    expect(results.filter((r) => r.outcome === "go")).toHaveLength(10);
    expect(results.filter((r) => r.outcome === "over_limit")).toHaveLength(10);
    // A failed call counts for nothing: its 100 USD can be sent again.
    const failed = results.find((r) => r.outcome === "go");
    await finishMoneyCall(a.db, failed?.id ?? "", false);
    expect((await recordMoneyCall(a.db, facts(), checks("1000"))).outcome).toBe("go");
    expect((await recordMoneyCall(b.db, facts({ amountUsd: "0.01" }), checks("1000"))).outcome).toBe("over_limit");
    expect(leftOf("1000", "900")).toBe("100");
  });

  it("counts what was sent before the limit was set, in USD whatever the currency; an amount that cannot be priced is past it", async () => {
    const person = { userId: "u-eur" };
    expect(
      (await recordMoneyCall(a.db, facts({ ...person, currency: "EURC", amountUsd: "1170" }), checks(null))).outcome,
    ).toBe("go");
    const next = await recordMoneyCall(a.db, facts({ ...person, amountUsd: "900" }), checks("2000"));
    expect(next).toMatchObject({ outcome: "over_limit", usedTodayUsd: "1170" });
    expect((await recordMoneyCall(a.db, facts({ ...person, amountUsd: "800" }), checks("2000"))).outcome).toBe("go");
    expect((await recordMoneyCall(a.db, facts({ userId: "u-new", amountUsd: null }), checks("2000"))).outcome).toBe(
      "over_limit",
    );
  });

  it("two identical submissions at the same moment on two instances: one goes, the other is held as a possible duplicate", async () => {
    for (let round = 0; round < 5; round++) {
      const same = facts({ userId: `u-dup-${round}`, destinationKey: `wallet:dup-${round}`, amount: "5100" });
      const [x, y] = await Promise.all([
        recordMoneyCall(a.db, same, checks(null, true)),
        recordMoneyCall(b.db, { ...same, amount: "5200" }, checks(null, true)),
      ]);
      expect([x.outcome, y.outcome].sort()).toEqual(["duplicate", "go"]);
    }
    // The same external_id is a possible duplicate too, whatever the destination; other currencies are not.
    await recordMoneyCall(a.db, facts({ externalId: "inv-77" }), checks(null, true));
    expect((await recordMoneyCall(b.db, facts({ externalId: "inv-77" }), checks(null, true))).outcome).toBe(
      "duplicate",
    );
    const key = "wallet:other-currency";
    await recordMoneyCall(a.db, facts({ destinationKey: key }), checks(null, true));
    expect(
      (await recordMoneyCall(a.db, facts({ destinationKey: key, currency: "USDT" }), checks(null, true))).outcome,
    ).toBe("go");
    expect(
      await possibleDuplicates(a.db, {
        environment: "sandbox",
        destinationKey: key,
        currency: "USDC",
        externalId: null,
      }),
    ).toEqual([]);
  });

  it("a person's own limit overrides their role's; a new limit replaces the old one", async () => {
    const limit = (role: "finance" | null, userId: string | null, amount: string) =>
      addLimit(a.db, {
        environment: "production",
        role,
        userId,
        userEmail: userId ? "fin@example.com" : null,
        currency: "USD",
        amount,
        createdBy: "adm",
      });
    await limit("finance", null, "1000");
    expect(await limitFor(a.db, { userId: "u-fin", role: "finance" }, "production")).toMatchObject({
      amount: "1000",
      scope: "role",
      currency: "USD",
    });
    await limit(null, "u-fin", "250");
    expect(await limitFor(a.db, { userId: "u-fin", role: "finance" }, "production")).toMatchObject({
      amount: "250",
      scope: "person",
    });
    await limit("finance", null, "2000");
    expect(await limitFor(a.db, { userId: "u-other", role: "finance" }, "production")).toMatchObject({
      amount: "2000",
    });
    expect(await limitFor(a.db, { userId: "u-x", role: "finance" }, "sandbox")).toBeNull();
  });

  it("counts days in the configured time zone", () => {
    const lateEvening = new Date("2026-11-27T23:30:00Z");
    expect(dayIn("UTC", lateEvening)).toBe("2026-11-27");
    expect(dayIn("Europe/Berlin", lateEvening)).toBe("2026-11-28");
    expect(dayIn("America/Los_Angeles", new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-26");
    expect(startOfDayIn("UTC", lateEvening).toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(startOfDayIn("Europe/Berlin", lateEvening).toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(startOfDayIn("America/Los_Angeles", new Date("2026-11-27T05:00:00Z")).toISOString()).toBe(
      "2026-11-26T08:00:00.000Z",
    );
    expect(startOfDayIn("Europe/Berlin", new Date("2026-07-01T12:00:00Z")).toISOString()).toBe(
      "2026-06-30T22:00:00.000Z",
    );
  });

  it("reads duplicates and a day's usage through their indexes, on 100 k movements", async () => {
    await a.db.execute(sql`insert into console_money_calls (id, environment, action, user_id, destination_key, currency, amount, amount_usd, external_id, status, created_at)
      select 'plan_' || g, 'production', 'disbursement', 'u-' || (g % 50), 'wallet:plan-' || g, 'USDC', 10, 10,
             'ext-' || g, 'sent', now() - make_interval(mins => g)
      from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_money_calls`);
    const plan = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<{ "QUERY PLAN": string }>(a.db, sql`explain ${statement}`))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    const from = new Date(Date.now() - 86_400_000);
    expect(
      await plan(sql`select id from console_money_calls where environment = 'production' and destination_key = 'wallet:plan-7'
        and currency = 'USDC' and created_at > ${from} and status in ('held', 'sending', 'sent') order by created_at desc limit 5`),
    ).toContain("console_money_calls_destination_idx");
    expect(
      await plan(sql`select id from console_money_calls where environment = 'production' and external_id = 'ext-7'
        and created_at > ${from} and status in ('held', 'sending', 'sent') order by created_at desc limit 5`),
    ).toContain("console_money_calls_external_idx");
    expect(
      await plan(sql`select coalesce(sum(amount_usd), 0) from console_money_calls
        where environment = 'production' and user_id = 'u-7' and created_at >= ${new Date(Date.now() - 3_600_000)}
          and status in ('sending', 'sent')`),
    ).toContain("console_money_calls_person_idx");
  });
});
