/**
 * bench/runway (issue 64 ★), not part of `npm test`: how good the runway's forecast is, measured
 * on the sandbox's own history. An embedded service (PGlite, a manual clock) lives through
 * BENCH_RUNWAY_DAYS days (default 70) of a generated business, on the sandbox clock: each day a
 * seeded number of disbursements of seeded sizes, whose mean grows through the run; a top-up
 * every week. Then its balance statement is read through the API, as the Runway page reads it,
 * and the forecast is replayed over the last 14 whole days (lib/runway/backtest.ts): each day's
 * 7-day-ahead projection against the balance the day ended on. Beside it, in the same run, the
 * naive forecast (the balance stays as it is): the ratio says how much better the runway does.
 *
 * A known answer rides along: EURC pays exactly 100 a day, so the runway forecast must be off
 * by 0.000000, and the naive one by 7 × 100.
 *
 *   npm run bench:runway   (BENCH_RUNWAY_DAYS, BENCH_RUNWAY_SEED, MERCHANT_TIME_ZONE)
 */
import { dayIn, midnightIn } from "@/lib/dates/calendar";
import { seededRandom } from "@/lib/random/seeded";
import { backtestDays, backtestForecast, dayEndTotals } from "@/lib/runway/backtest";
import type { Statement } from "@/lib/schemas/statement";
import { createTestService, type TestService } from "@/lib/service/testing/harness";

const DAYS = Number(process.env.BENCH_RUNWAY_DAYS ?? 70);
const SEED = Number(process.env.BENCH_RUNWAY_SEED ?? 64);
const ZONE = process.env.MERCHANT_TIME_ZONE ?? "UTC";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const DAY_MS = 86_400_000;

async function ok(s: TestService, method: string, path: string, body?: unknown) {
  const answer = await s.request(method, path, { body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

async function main() {
  const s = await createTestService({ start: "2026-01-05T10:00:00Z" });
  const next = seededRandom(SEED);
  try {
    await ok(s, "POST", "/v0/sandbox/balances/fund", { currency: "USDC", amount: "40000" });
    await ok(s, "POST", "/v0/sandbox/balances/fund", { currency: "EURC", amount: "20000" });
    const started = performance.now();
    let payouts = 0;
    for (let d = 0; d < DAYS; d++) {
      // USDC: 0–4 payouts a day of 50–350, their mean rising by a half through the run; 5,000 in each Monday.
      const scale = 1 + (0.5 * d) / DAYS;
      const count = Math.floor(next() * 5);
      for (let i = 0; i < count; i++) {
        const amount = ((50 + next() * 300) * scale).toFixed(2);
        await ok(s, "POST", "/v0/disbursements", { wallet_address: WALLET, amount, currency: "USDC" });
        payouts++;
      }
      if (d % 7 === 0) await ok(s, "POST", "/v0/sandbox/balances/fund", { currency: "USDC", amount: "5000" });
      await ok(s, "POST", "/v0/disbursements", { wallet_address: WALLET, amount: "100", currency: "EURC" });
      payouts++;
      // Let the rails settle what was sent (a few seconds), then the rest of the day.
      await s.advance(10_000);
      await s.advance(DAY_MS - 10_000);
    }
    const lived = (performance.now() - started) / 1000;
    const now = s.clock.now();
    const today = dayIn(ZONE, now);
    const days = backtestDays(today);
    const query = `from=${encodeURIComponent(midnightIn(ZONE, days[0]).toISOString())}&to=${encodeURIComponent(midnightIn(ZONE, today).toISOString())}`;
    console.log(
      `lived ${DAYS} sandbox days (${payouts} payouts) in ${lived.toFixed(1)} s; replaying ${days[0]} … ${days.at(-1)} (${ZONE})`,
    );
    for (const currency of ["USDC", "EURC"]) {
      const statement = (await ok(s, "GET", `/v0/balances/${currency}/statement?${query}`)) as Statement;
      if (statement.truncated) throw new Error(`${currency}: more than 1,000 movements; shorten the run`);
      const totals = dayEndTotals(statement.opening.total, statement.entries, days, ZONE);
      const check = backtestForecast(currency, days, totals);
      const worst = check.days.reduce((a, b) => (Math.abs(Number(b.error)) > Math.abs(Number(a.error)) ? b : a));
      console.log(
        `${currency}: runway forecast off by ${check.meanAbsError} on average (worst ${worst.error} on ${worst.day}); naive ${check.naiveMeanAbsError}; ratio ${check.ratio ?? "—"}`,
      );
      if (currency === "EURC" && check.meanAbsError !== "0.000000")
        throw new Error(`EURC pays 100 a day: the forecast must be exact, was off by ${check.meanAbsError}`);
    }
  } finally {
    await s.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
