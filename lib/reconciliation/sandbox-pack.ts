import "server-only";
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { dayIn } from "@/lib/dates/calendar";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import {
  advanceSandboxClock,
  createSettlementRequest,
  getSandboxClock,
  simulatePaymentStatus,
} from "@/lib/settlement-api";
import { insertExpected, type NewExpected } from "./expected-store";
import { addDays } from "@/lib/dates/calendar";
import type { ExceptionKind } from "./types";

/**
 * The sandbox exception pack (issue 46, decisions D24.8): one action makes a realistic month in
 * sandbox, on the sandbox clock, through the service's own API: invoices paid exactly, one with
 * a wire fee deducted, one paid in two parts, two paid at once, one paid without a reference,
 * one paid twice, one late, one under- and one overpaid, one returned, one never paid, money
 * nobody expected, and two alike invoices one payment could settle. Each case says what the
 * matching should find (its ground truth), so a team rehearses its month-end before production.
 */

export type PackCase = {
  case: string;
  /** What matching should do: match it (with this reason), or raise this exception. */
  expect: { match: string } | { exception: ExceptionKind };
  references: string[];
};

export type PackResult =
  | { ok: true; period: string; expected: number; requests: number; cases: PackCase[] }
  | { ok: false; message: string };

const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

export async function createSandboxPack(db: Executor, by: string): Promise<PackResult> {
  let clock = await getSandboxClock("sandbox");
  if (!clock.ok) return { ok: false, message: `The sandbox clock could not be read: ${clock.error.message}` };
  const zone = env().MERCHANT_TIME_ZONE;
  // A late payment needs a window that ended before today in the same month: from the 3rd on.
  if (Number(dayIn(zone, new Date(clock.data.now)).slice(8, 10)) < 3) {
    clock = await advanceSandboxClock("sandbox", 2 * 86_400);
    if (!clock.ok) return { ok: false, message: `The sandbox clock could not be moved: ${clock.error.message}` };
  }
  const today = dayIn(zone, new Date(clock.data.now));
  const period = today.slice(0, 7);
  const monthStart = `${period}-01`;
  const from = (days: number) => (addDays(today, -days) < monthStart ? monthStart : addDays(today, -days));
  const tag = randomUUID().slice(0, 6).toUpperCase();
  let n = 0;
  const ref = () => `INV-${tag}-${String(++n).padStart(2, "0")}`;
  const amount = (i: number) => new Decimal(1000 + ((i * 733) % 8000)).toFixed(2);

  const expected: NewExpected[] = [];
  const cases: PackCase[] = [];
  const plannedPayments: Array<{ body: Record<string, unknown>; received?: string; refund?: boolean }> = [];
  const invoice = (
    value: string,
    reference: string | null,
    counterparty: string,
    window: [string, string] = [from(6), today],
  ) =>
    expected.push({
      direction: "in",
      amount: value,
      currency: "USD",
      toleranceAbs: "25.00",
      tolerancePct: "0.1",
      windowStart: window[0],
      windowEnd: window[1],
      counterparty,
      reference,
      source: "pack",
    });
  const pay = (
    value: string,
    reference: string | null,
    counterparty: string,
    extra: { received?: string; refund?: boolean } = {},
  ) =>
    plannedPayments.push({
      body: {
        type: "FIAT_TO_STABLECOIN",
        payment_reason: "PURCHASE_OF_GOODS",
        amount: value,
        source: { currency: "USD", rail: "ACH", country_code: "US" },
        destination: { currency: "USDC", rail: "ETHEREUM", wallet_address: WALLET },
        ...(reference ? { external_id: reference } : {}),
        metadata: { counterparty },
      },
      ...extra,
    });

  for (let i = 1; i <= 4; i++) {
    const r = ref();
    invoice(amount(i), r, `Customer ${tag} ${i}`);
    pay(amount(i), r, `Customer ${tag} ${i}`);
    cases.push({ case: "Paid exactly", expect: { match: "reference, exact amount" }, references: [r] });
  }
  {
    const r = ref();
    invoice(amount(5), r, `Wire payer ${tag}`);
    pay(amount(5), r, `Wire payer ${tag}`, { received: new Decimal(amount(5)).minus(15).toFixed(2) });
    cases.push({
      case: "Wire fee of 15.00 deducted",
      expect: { match: "reference, amount within tolerance" },
      references: [r],
    });
  }
  {
    const r = ref();
    const total = new Decimal(amount(6));
    const half = total.dividedBy(2).toDecimalPlaces(2);
    invoice(total.toFixed(2), r, `Instalments ${tag}`);
    pay(half.toFixed(2), r, `Instalments ${tag}`);
    pay(total.minus(half).toFixed(2), r, `Instalments ${tag}`);
    cases.push({ case: "Paid in two parts", expect: { match: "reference, split payment (1:N)" }, references: [r] });
  }
  {
    const a = ref();
    const b = ref();
    invoice(amount(7), a, `Group buyer ${tag}`);
    invoice(amount(8), b, `Group buyer ${tag}`);
    pay(new Decimal(amount(7)).plus(amount(8)).toFixed(2), `${a}, ${b}`, `Group buyer ${tag}`);
    cases.push({
      case: "Two invoices paid at once",
      expect: { match: "reference, combined payment (N:1)" },
      references: [a, b],
    });
  }
  invoice(amount(9), null, `Northwind ${tag}`);
  pay(amount(9), null, `Northwind ${tag}`);
  cases.push({
    case: "Paid without a reference",
    expect: { match: "counterparty, amount and date" },
    references: [],
  });
  {
    const r = ref();
    invoice(amount(10), r, `Double payer ${tag}`);
    pay(amount(10), r, `Double payer ${tag}`);
    pay(amount(10), r, `Double payer ${tag}`);
    cases.push({ case: "Paid twice", expect: { exception: "duplicate" }, references: [r] });
  }
  {
    const r = ref();
    invoice(amount(11), r, `Slow payer ${tag}`, [
      monthStart,
      addDays(today, -1) < monthStart ? monthStart : addDays(today, -1),
    ]);
    pay(amount(11), r, `Slow payer ${tag}`);
    cases.push({ case: "Paid after its window", expect: { exception: "late" }, references: [r] });
  }
  {
    const r = ref();
    invoice(amount(12), r, `Short payer ${tag}`);
    pay(amount(12), r, `Short payer ${tag}`, { received: new Decimal(amount(12)).times("0.9").toFixed(2) });
    cases.push({ case: "Paid 10 % short", expect: { exception: "underpaid" }, references: [r] });
  }
  {
    const r = ref();
    invoice(amount(13), r, `Generous payer ${tag}`);
    pay(amount(13), r, `Generous payer ${tag}`, { received: new Decimal(amount(13)).times("1.05").toFixed(2) });
    cases.push({ case: "Paid 5 % over", expect: { exception: "overpaid" }, references: [r] });
  }
  {
    const r = ref();
    invoice(amount(14), r, `Bounced payer ${tag}`);
    pay(amount(14), r, `Bounced payer ${tag}`, { refund: true });
    cases.push({ case: "Paid, then returned", expect: { exception: "returned" }, references: [r] });
  }
  {
    const r = ref();
    // Its window ended yesterday: nothing came, so it is missing (an open window would still wait).
    invoice(amount(15), r, `Silent customer ${tag}`, [monthStart, addDays(today, -1)]);
    cases.push({ case: "Never paid", expect: { exception: "unmatched_expected" }, references: [r] });
  }
  {
    const r = `UNKNOWN-${tag}`;
    pay(amount(16), r, `Stranger ${tag}`);
    cases.push({ case: "Money nobody expected", expect: { exception: "unmatched_actual" }, references: [r] });
  }
  invoice(amount(17), null, `Tenant ${tag}`);
  invoice(amount(17), null, `Tenant ${tag}`);
  pay(amount(17), null, `Tenant ${tag}`);
  cases.push({ case: "Two alike invoices, one payment", expect: { exception: "ambiguous" }, references: [] });

  for (const planned of plannedPayments) {
    const made = await createSettlementRequest("sandbox", planned.body as never, randomUUID());
    if (!made.ok) return { ok: false, message: `A sandbox request could not be made: ${made.error.message}` };
    const inbound = made.data.inbound_payment?.id;
    if (!inbound) return { ok: false, message: "A sandbox request came back without its inbound payment." };
    const done = await simulatePaymentStatus("sandbox", inbound, {
      status: "COMPLETED",
      ...(planned.received ? { amount: planned.received } : {}),
    });
    if (!done.ok) return { ok: false, message: `A sandbox payment could not be completed: ${done.error.message}` };
    if (planned.refund) {
      const back = await simulatePaymentStatus("sandbox", inbound, { status: "REFUNDED" });
      if (!back.ok) return { ok: false, message: `A sandbox payment could not be returned: ${back.error.message}` };
    }
  }
  await insertExpected(db, "sandbox", expected, by);
  return { ok: true, period, expected: expected.length, requests: plannedPayments.length, cases };
}
