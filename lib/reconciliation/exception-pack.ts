import { seededRandom } from "@/lib/random/seeded";
import Decimal from "decimal.js";
import { addDays } from "@/lib/dates/calendar";
import type { ActualMovement, ExceptionKind, ExpectedSettlement } from "./types";

/**
 * A realistic month with its ground truth (issue 46, decisions D24.4): what a finance team
 * expects and what the service did, built case by case, each case knowing the answer. Exact
 * payments, a wire fee deducted, payments in parts, several invoices paid at once, payments
 * with no reference, a duplicate, a late one, an under- and an overpayment, a return, money
 * nobody expected and an invoice nobody paid, and two alike invoices one payment could settle.
 * Seeded: the same seed gives the same month. Pure; the sandbox action writes it through the
 * service, the accuracy test and the benchmark read it directly.
 */

export type CaseKind =
  | "exact"
  | "wire_fee"
  | "split"
  | "combined"
  | "no_reference"
  | "duplicate"
  | "late"
  | "underpaid"
  | "overpaid"
  | "returned"
  | "unpaid"
  | "unexpected"
  | "ambiguous";

/** How many of each case per 1,000 expected settlements (the rest exact). */
export const PACK_MIX: Readonly<Record<Exclude<CaseKind, "exact">, number>> = {
  wire_fee: 50,
  split: 25,
  combined: 10,
  no_reference: 40,
  duplicate: 10,
  late: 10,
  underpaid: 8,
  overpaid: 6,
  returned: 5,
  unpaid: 5,
  unexpected: 5,
  ambiguous: 3,
};

export type TruthMatch = { expectedIds: string[]; actualIds: string[] };
export type TruthException = { kind: ExceptionKind; expectedIds: string[]; actualIds: string[] };

export type ExceptionPack = {
  month: string;
  currency: string;
  expected: ExpectedSettlement[];
  actual: ActualMovement[];
  truth: {
    matches: TruthMatch[];
    exceptions: TruthException[];
    cases: Array<{ kind: CaseKind; expectedIds: string[]; actualIds: string[] }>;
  };
};

export function exceptionPack(options: {
  month: string;
  expected: number;
  seed?: number;
  currency?: string;
}): ExceptionPack {
  const { month, currency = "USD" } = options;
  const next = seededRandom(options.seed ?? 46);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const day = (d: number) => `${month}-${String(Math.min(days, Math.max(1, d))).padStart(2, "0")}`;
  /** An amount in cents as a decimal string: 250.00 to 48,000.00. */
  const amount = () => new Decimal(int(25_000, 4_800_000)).dividedBy(100).toFixed(2);

  const expected: ExpectedSettlement[] = [];
  const actual: ActualMovement[] = [];
  const truth: ExceptionPack["truth"] = { matches: [], exceptions: [], cases: [] };
  let e = 0;
  let a = 0;
  const newExpected = (fields: Partial<ExpectedSettlement> & { amount: string; start: number }): ExpectedSettlement => {
    e++;
    const row: ExpectedSettlement = {
      id: `exp_${month.replace("-", "")}_${String(e).padStart(6, "0")}`,
      direction: fields.direction ?? "in",
      amount: fields.amount,
      currency,
      toleranceAbs: "25.00",
      tolerancePct: "0.1",
      windowStart: day(fields.start),
      windowEnd: day(fields.start + 6),
      counterparty: fields.counterparty ?? `Customer ${String(int(1, 100_000)).padStart(6, "0")}`,
      reference: fields.reference === undefined ? `INV-${month}-${String(e).padStart(6, "0")}` : fields.reference,
    };
    expected.push(row);
    return row;
  };
  const newActual = (
    of: ExpectedSettlement | null,
    fields: Partial<ActualMovement> & { amount: string; day: string },
  ) => {
    a++;
    const row: ActualMovement = {
      id: `mov_${month.replace("-", "")}_${String(a).padStart(6, "0")}`,
      kind: (of?.direction ?? "in") === "in" ? "payment" : "disbursement",
      direction: of?.direction ?? "in",
      amount: fields.amount,
      currency,
      day: fields.day,
      counterparty: fields.counterparty === undefined ? (of?.counterparty ?? null) : fields.counterparty,
      reference: fields.reference === undefined ? (of?.reference ?? null) : fields.reference,
      rail: fields.rail ?? "ACH",
      returned: fields.returned ?? false,
    };
    actual.push(row);
    return row;
  };
  const inWindow = (x: ExpectedSettlement) => addDays(x.windowStart, int(0, 6));
  const note = (kind: CaseKind, es: ExpectedSettlement[], as: ActualMovement[]) =>
    truth.cases.push({ kind, expectedIds: es.map((x) => x.id), actualIds: as.map((x) => x.id) });
  const matched = (kind: CaseKind, es: ExpectedSettlement[], as: ActualMovement[]) => {
    truth.matches.push({ expectedIds: es.map((x) => x.id), actualIds: as.map((x) => x.id) });
    note(kind, es, as);
  };
  const excepted = (kind: CaseKind, exception: ExceptionKind, es: ExpectedSettlement[], as: ActualMovement[]) => {
    truth.exceptions.push({ kind: exception, expectedIds: es.map((x) => x.id), actualIds: as.map((x) => x.id) });
    note(kind, es, as);
  };

  const plan: CaseKind[] = [];
  for (const [kind, per] of Object.entries(PACK_MIX) as Array<[CaseKind, number]>) {
    const n = Math.max(1, Math.round((per * options.expected) / 1000));
    for (let i = 0; i < n; i++) plan.push(kind);
  }
  // Count what the planned cases use, then fill with exact payments up to the size asked.
  const uses = (k: CaseKind) => (k === "combined" ? 2 : k === "ambiguous" ? 2 : k === "unexpected" ? 0 : 1);
  let used = plan.reduce((n, k) => n + uses(k), 0);
  while (used < options.expected) {
    plan.push("exact");
    used++;
  }
  // Shuffle (Fisher–Yates) so the cases are spread over the month.
  for (let i = plan.length - 1; i > 0; i--) {
    const j = int(0, i);
    [plan[i], plan[j]] = [plan[j] as CaseKind, plan[i] as CaseKind];
  }

  for (const kind of plan) {
    const start = int(1, days - 8);
    switch (kind) {
      case "exact": {
        const x = newExpected({ amount: amount(), start, direction: next() < 0.3 ? "out" : "in" });
        matched(kind, [x], [newActual(x, { amount: x.amount, day: inWindow(x) })]);
        break;
      }
      case "wire_fee": {
        const x = newExpected({ amount: amount(), start });
        const fee = new Decimal(int(10, 25));
        matched(
          kind,
          [x],
          [
            newActual(x, {
              amount: new Decimal(x.amount).minus(fee).toFixed(2),
              day: inWindow(x),
              rail: "DOMESTIC_WIRE",
            }),
          ],
        );
        break;
      }
      case "split": {
        const x = newExpected({ amount: amount(), start });
        const total = new Decimal(x.amount);
        const first = total.times(int(40, 60)).dividedBy(100).toDecimalPlaces(2);
        const parts = [first, total.minus(first)];
        matched(
          kind,
          [x],
          parts.map((p) => newActual(x, { amount: p.toFixed(2), day: inWindow(x) })),
        );
        break;
      }
      case "combined": {
        const party = `Customer ${String(int(1, 100_000)).padStart(6, "0")}`;
        const xs = [
          newExpected({ amount: amount(), start, counterparty: party }),
          newExpected({ amount: amount(), start, counterparty: party }),
        ];
        const sum = xs.reduce((s, x) => s.plus(x.amount), new Decimal(0));
        const paid = newActual(xs[0] as ExpectedSettlement, {
          amount: sum.toFixed(2),
          day: inWindow(xs[0] as ExpectedSettlement),
          reference: xs.map((x) => x.reference).join(", "),
        });
        matched(kind, xs, [paid]);
        break;
      }
      case "no_reference": {
        const x = newExpected({ amount: amount(), start, reference: null, counterparty: `Supplier ${e + 1}` });
        matched(kind, [x], [newActual(x, { amount: x.amount, day: inWindow(x), reference: null })]);
        break;
      }
      case "duplicate": {
        const x = newExpected({ amount: amount(), start });
        const first = newActual(x, { amount: x.amount, day: x.windowStart });
        const again = newActual(x, { amount: x.amount, day: addDays(x.windowStart, 1) });
        truth.matches.push({ expectedIds: [x.id], actualIds: [first.id] });
        excepted(kind, "duplicate", [], [again]);
        break;
      }
      case "late": {
        const x = newExpected({ amount: amount(), start });
        excepted(kind, "late", [x], [newActual(x, { amount: x.amount, day: addDays(x.windowEnd, int(3, 9)) })]);
        break;
      }
      case "underpaid":
      case "overpaid": {
        const x = newExpected({ amount: amount(), start });
        const factor = kind === "underpaid" ? int(80, 95) : int(105, 120);
        const paid = new Decimal(x.amount).times(factor).dividedBy(100).toDecimalPlaces(2);
        excepted(kind, kind, [x], [newActual(x, { amount: paid.toFixed(2), day: inWindow(x) })]);
        break;
      }
      case "returned": {
        const x = newExpected({ amount: amount(), start, direction: "out" });
        excepted(kind, "returned", [x], [newActual(x, { amount: x.amount, day: inWindow(x), returned: true })]);
        break;
      }
      case "unpaid": {
        const x = newExpected({ amount: amount(), start });
        excepted(kind, "unmatched_expected", [x], []);
        break;
      }
      case "unexpected": {
        const m = newActual(null, {
          amount: amount(),
          day: day(start),
          reference: `UNKNOWN-${a + 1}`,
          counterparty: `Stranger ${a + 1}`,
        });
        excepted(kind, "unmatched_actual", [], [m]);
        break;
      }
      case "ambiguous": {
        const party = `Tenant ${e + 1}`;
        const value = amount();
        const xs = [
          newExpected({ amount: value, start, reference: null, counterparty: party }),
          newExpected({ amount: value, start, reference: null, counterparty: party }),
        ];
        const paid = newActual(xs[0] as ExpectedSettlement, {
          amount: value,
          day: inWindow(xs[0] as ExpectedSettlement),
          reference: null,
        });
        excepted(kind, "ambiguous", xs, [paid]);
        break;
      }
    }
  }
  return { month, currency, expected, actual, truth };
}
