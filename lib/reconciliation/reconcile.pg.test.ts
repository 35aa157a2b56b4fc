/**
 * Reconciliation on the machine's PostgreSQL (issue 46): a seeded month goes through the tables
 * and gives the matcher's answer; runs on two instances at once never match a row twice; a
 * rerun judges untouched exceptions again and keeps worked ones; the queue's actions check
 * what they change; a locked month refuses changes, and an adjustment lands in the next one.
 */
import { describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";
import { exceptionPack } from "./exception-pack";
import { runMatching } from "./run";
import { syncMovements } from "./sync";
import { findException, listExceptions, openExceptionCounts } from "./exceptions-store";
import { insertExpected } from "./expected-store";
import { openForMatching, upsertMovements } from "./movements-store";
import { acceptDifference, matchByHand, writeOff } from "./work";

vi.mock("@/lib/settlement-api", () => ({
  // The close pack reads the service; here the service has nothing for the month.
  getBalanceStatement: async () => ({ ok: false, error: { message: "no service here" } }),
  exportRows: async function* () {},
}));

const { closePack, lockPeriod, recordAdjustment } = await import("./close");

async function seed(db: Database["db"], month: string, size: number, seed: number) {
  const pack = exceptionPack({ month, expected: size, seed });
  await insertExpected(
    db,
    "sandbox",
    pack.expected.map(({ id: _id, ...e }) => ({ ...e, source: "pack" as const, sourceId: _id })),
    "test",
  );
  await upsertMovements(db, "sandbox", pack.actual);
  return pack;
}

describe("reconciliation (PostgreSQL, two instances)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("a month of 2,000 expected: two instances run at once, every row is matched or in the queue once", async () => {
    const pack = await seed(a.db, "2026-09", 2_000, 9);
    const [one, two] = await Promise.all([
      runMatching(a.db, "sandbox", "2026-09", "a"),
      runMatching(b.db, "sandbox", "2026-09", "b"),
    ]);
    expect(one.matches + two.matches).toBe(pack.truth.matches.length);
    const twice = await queryRows<{ id: string; n: number }>(
      a.db,
      sql`select e.id, count(*)::int as n from console_recon_matches m, jsonb_array_elements_text(m.actual_ids) e(id)
           where m.environment = 'sandbox' and m.period = '2026-09' and m.undone_at is null group by e.id having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const open = await queryRows<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from console_recon_expected where environment = 'sandbox' and period = '2026-09' and state = 'open'`,
    );
    expect(open[0]?.n).toBe(0);
  });

  it("a rerun keeps worked exceptions and judges untouched ones again", async () => {
    const before = await listExceptions(a.db, "sandbox", { period: "2026-09", limit: 5000 });
    const under = before.find((x) => x.kind === "underpaid");
    expect(under).toBeDefined();
    const accepted = await acceptDifference(
      a.db,
      "sandbox",
      under?.id ?? "",
      "Customer agreed the discount",
      "fin@example.com",
    );
    expect(accepted.ok).toBe(true);
    const again = await runMatching(a.db, "sandbox", "2026-09", "a");
    expect(again.matches).toBe(0);
    const after = await listExceptions(a.db, "sandbox", { period: "2026-09", limit: 5000 });
    expect(after.length).toBe(before.length - 1);
    // The overview's counts, counted in the database, say the same as the queue's rows.
    const byKind = new Map<string, number>();
    for (const x of after) byKind.set(x.kind, (byKind.get(x.kind) ?? 0) + 1);
    const counted = await openExceptionCounts(a.db, "sandbox", "2026-09");
    expect(Object.fromEntries(counted.map((c) => [c.kind, c.count]))).toEqual(Object.fromEntries(byKind));
    expect(counted.find((c) => c.kind === "underpaid")?.count ?? 0).toBe(
      before.filter((x) => x.kind === "underpaid").length - 1,
    );
    expect((await findException(a.db, "sandbox", under?.id ?? ""))?.status).toBe("resolved");
    // Judged again, each exception is what it was: a payment paid twice stays a duplicate (its
    // first payment is matched now, so it is not open to be judged against), not unexpected money.
    const kinds = (xs: readonly { kind: string }[]) => {
      const n: Record<string, number> = {};
      for (const x of xs) n[x.kind] = (n[x.kind] ?? 0) + 1;
      return n;
    };
    const was = kinds(before);
    expect(was.duplicate ?? 0).toBeGreaterThan(0);
    expect(kinds(after)).toEqual({ ...was, underpaid: (was.underpaid ?? 0) - 1 });
  });

  it("a manual match checks what it ties; twice at once, one wins", async () => {
    const queue = await listExceptions(a.db, "sandbox", { period: "2026-09", limit: 5000 });
    const unpaid = queue.find((x) => x.kind === "unmatched_expected");
    const stray = queue.find((x) => x.kind === "unmatched_actual");
    expect(unpaid && stray).toBeTruthy();
    const input = {
      expectedIds: unpaid?.expectedIds ?? [],
      actualIds: stray?.actualIds ?? [],
      note: "confirmed by phone",
    };
    const results = await Promise.all([
      matchByHand(a.db, "sandbox", input, "one@example.com"),
      matchByHand(b.db, "sandbox", input, "two@example.com"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: "already_matched" } });
    const made = results.find((r) => r.ok);
    expect(made?.ok && made.data.reasons).toContain("manual");
    expect(made?.ok && made.data.reasons).toContain("amount_differs");
    expect(await matchByHand(a.db, "sandbox", { ...input, actualIds: [] }, "x")).toMatchObject({
      ok: false,
      error: { field: "actualIds" },
    });
  });

  it("a month locks only when nothing is open; after the lock a change is refused and an adjustment lands in the next month", async () => {
    await seed(a.db, "2026-08", 40, 8);
    await runMatching(a.db, "sandbox", "2026-08", "a");
    // Before the month was read from the service, its in transit and FX are unknown: no lock.
    expect(await lockPeriod(a.db, "sandbox", "USD", "2026-08", "fin@example.com")).toMatchObject({
      ok: false,
      code: "not_ready",
      message: expect.stringContaining("run matching first"),
    });
    expect(await syncMovements(a.db, "sandbox", "2026-08")).toEqual({ ok: true, movements: 0 });
    // Read before the month ended: what was in transit then is not what was in transit at its end.
    await a.db.execute(
      sql`update console_recon_close_reads set read_at = '2026-08-20T12:00:00Z' where environment = 'sandbox' and period = '2026-08'`,
    );
    expect(await lockPeriod(a.db, "sandbox", "USD", "2026-08", "fin@example.com")).toMatchObject({
      ok: false,
      message: expect.stringContaining("read before it ended"),
    });
    expect(await syncMovements(a.db, "sandbox", "2026-08")).toEqual({ ok: true, movements: 0 });
    const refused = await lockPeriod(a.db, "sandbox", "USD", "2026-08", "fin@example.com");
    expect(refused).toMatchObject({ ok: false, code: "not_ready" });
    expect(refused.ok === false && refused.message).toMatch(/neither matched/);
    for (const x of await listExceptions(a.db, "sandbox", { period: "2026-08", limit: 500 }))
      expect((await writeOff(a.db, "sandbox", x.id, "month-end clean-up", "fin@example.com")).ok).toBe(true);
    const pack = await closePack(a.db, "sandbox", "USD", "2026-08");
    expect(pack.blocker).toBeNull();
    expect(pack.proof.kind).toBe("flows");
    expect(pack).toMatchObject({ inTransitCount: 0, inTransit: [], fx: [], readAt: expect.any(String) });
    const locked = await lockPeriod(a.db, "sandbox", "USD", "2026-08", "fin@example.com");
    expect(locked.ok).toBe(true);
    const undo = await queryRows<{ id: string }>(
      a.db,
      sql`select id from console_recon_matches where environment = 'sandbox' and period = '2026-08' and undone_at is null limit 1`,
    );
    const { unmatch } = await import("./work");
    expect(await unmatch(a.db, "sandbox", undo[0]?.id ?? "", "x")).toMatchObject({
      ok: false,
      error: { code: "period_locked" },
    });
    const adjustment = await recordAdjustment(
      a.db,
      "sandbox",
      { currency: "USD", forPeriod: "2026-08", amount: "-15.00", note: "Bank fee found after close" },
      "fin@example.com",
    );
    expect(adjustment.period).toBe("2026-09");
    expect((await closePack(a.db, "sandbox", "USD", "2026-09")).adjustments).toEqual([
      expect.objectContaining({ amount: "-15.00", forPeriod: "2026-08" }),
    ]);
  });

  it("a locked month does not move (issue 57): a late item lands in the next open month as an adjustment, a rerun leaves the month as locked", async () => {
    // 2026-08 USD was locked by the test above.
    const figures = async () => ({
      pack: await closePack(a.db, "sandbox", "USD", "2026-08"),
      exceptions: await listExceptions(a.db, "sandbox", { period: "2026-08", limit: 500 }),
      counts: await openExceptionCounts(a.db, "sandbox", "2026-08"),
    });
    const before = await figures();
    expect(before.pack.lock).not.toBeNull();
    const { ids, late } = await insertExpected(
      a.db,
      "sandbox",
      [
        {
          direction: "in",
          amount: "321.00",
          currency: "USD",
          toleranceAbs: "0",
          tolerancePct: "0",
          windowStart: "2026-08-20",
          windowEnd: "2026-08-25",
          counterparty: "Late Ltd",
          reference: "LATE-1",
          source: "csv",
        },
      ],
      "fin@example.com",
    );
    expect(ids).toHaveLength(1);
    expect(late).toEqual([expect.objectContaining({ id: ids[0], lockedPeriod: "2026-08", period: "2026-09" })]);
    const [row] = await queryRows<{ period: string }>(
      a.db,
      sql`select period from console_recon_expected where id = ${ids[0] ?? ""}`,
    );
    expect(row?.period).toBe("2026-09");
    expect((await closePack(a.db, "sandbox", "USD", "2026-09")).adjustments).toContainEqual(
      expect.objectContaining({ amount: "321.00", forPeriod: "2026-08", note: expect.stringContaining("LATE-1") }),
    );
    // A matching run over the locked month changes nothing of its USD: no new exception, the same figures.
    await runMatching(a.db, "sandbox", "2026-08", "b");
    const after = await figures();
    expect(
      after.exceptions
        .filter((x) => x.currency === "USD")
        .map((x) => x.id)
        .sort(),
    ).toEqual(
      before.exceptions
        .filter((x) => x.currency === "USD")
        .map((x) => x.id)
        .sort(),
    );
    expect(after.pack).toEqual(before.pack);
  });

  it("a month's matching reads the money of a month either side of it, not the account's whole history", async () => {
    const at = (id: string, day: string) => ({
      id,
      kind: "payment" as const,
      direction: "in" as const,
      amount: "10.00",
      currency: "USD",
      day,
      counterparty: null,
      reference: `range-${id}`,
      rail: null,
      returned: false,
    });
    await upsertMovements(a.db, "production", [
      at("mv_range_early", "2025-12-31"),
      at("mv_range_before", "2026-01-01"),
      at("mv_range_in", "2026-02-14"),
      at("mv_range_after", "2026-03-31"),
      at("mv_range_late", "2026-04-01"),
    ]);
    const { actual } = await openForMatching(a.db, "production", "2026-02");
    expect(actual.map((m) => m.id).sort()).toEqual(["mv_range_after", "mv_range_before", "mv_range_in"]);
  });
});
