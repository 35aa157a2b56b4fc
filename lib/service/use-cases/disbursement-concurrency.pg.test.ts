import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { toDec } from "@/lib/money/decimal";
import { VALID } from "@/lib/schemas/test-fixtures";
import { queryRows } from "@/lib/db/database";
import { withTestService } from "../testing/with-test-service";
import { balanceOf, ledgerOf, setBalance } from "../testing/balances";

/**
 * decisions D10 on PostgreSQL (PGlite runs one transaction at a time, so races cannot show
 * there): 100 concurrent disbursements against a balance that covers 60 → exactly 60 accepted,
 * 40 × 422 insufficient_funds, the available balance exactly what is left, never negative.
 */
describe("concurrent disbursements on PostgreSQL", () => {
  const s = withTestService({ driver: "postgres" });

  it("100 against a balance for 60: 60 × 201, 40 × 422, nothing negative, ledger agrees", async () => {
    await setBalance(s, "USDC", "75.10"); // 60 × 1.25 = 75.00; 0.10 left over
    let sampling = true;
    const samples: string[] = [];
    const sampler = (async () => {
      while (sampling) {
        const rows = await queryRows<{ available: string; reserved: string }>(
          s.deps.db,
          sql`SELECT available::text, reserved::text FROM balances WHERE account_id = ${s.account.id} AND environment = 'sandbox' AND currency = 'USDC'`,
        );
        samples.push(rows[0].available, rows[0].reserved);
      }
    })();

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        s.request("POST", "/v0/disbursements", {
          body: { wallet_address: VALID.evm, amount: "1.25", currency: "USDC" },
          headers: { "Idempotency-Key": `race-${i}` },
        }),
      ),
    );
    sampling = false;
    await sampler;

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(60);
    expect(statuses.filter((x) => x === 422)).toHaveLength(40);
    const refused = await Promise.all(responses.filter((r) => r.status === 422).map((r) => r.json()));
    expect(refused.every((b) => b.error === "insufficient_funds")).toBe(true);

    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((v) => !toDec(v).isNegative())).toBe(true);
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "75.10000000",
      available_balance: "0.10000000",
      reserved_balance: "75.00000000",
    });
    expect(await ledgerOf(s, "USDC")).toEqual(await balanceOf(s, "USDC"));

    // The rail completes all 60; the reserve is consumed exactly.
    await s.advance(10_000);
    const [{ n }] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`SELECT count(*)::int AS n FROM disbursements WHERE status = 'COMPLETED'`,
    );
    expect(n).toBe(60);
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "0.10000000",
      available_balance: "0.10000000",
      reserved_balance: "0.00000000",
    });
    expect(await ledgerOf(s, "USDC")).toEqual(await balanceOf(s, "USDC"));
  });

  it("two rail workers at once apply each step once", async () => {
    await setBalance(s, "USDT", "100");
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.request("POST", "/v0/disbursements", { body: { wallet_address: VALID.evm, amount: "2", currency: "USDT" } }),
      ),
    );
    expect(made.every((r) => r.status === 201)).toBe(true);
    s.clock.advance(10_000);
    await Promise.all([s.runWorkers(), s.runWorkers(), s.runWorkers()]);
    expect(await balanceOf(s, "USDT")).toEqual({
      currency: "USDT",
      total_balance: "60.00000000",
      available_balance: "60.00000000",
      reserved_balance: "0.00000000",
    });
    expect(await ledgerOf(s, "USDT")).toEqual(await balanceOf(s, "USDT"));
  });
});
