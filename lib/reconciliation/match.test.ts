import { describe, expect, it } from "vitest";
import { exceptionPack } from "./exception-pack";
import { matchSettlements } from "./match";
import { toleranceOf } from "./tolerance";
import type { ActualMovement, ExpectedSettlement } from "./types";

const key = (ids: string[]) => [...ids].sort().join(",");

const invoice = (fields: Partial<ExpectedSettlement> = {}): ExpectedSettlement => ({
  id: "exp_1",
  direction: "in",
  amount: "1000.00",
  currency: "USD",
  toleranceAbs: "25.00",
  tolerancePct: "0.5",
  windowStart: "2026-11-01",
  windowEnd: "2026-11-07",
  counterparty: "Acme",
  reference: "INV-1",
  ...fields,
});
const movement = (fields: Partial<ActualMovement> = {}): ActualMovement => ({
  id: "mov_1",
  kind: "payment",
  direction: "in",
  amount: "1000.00",
  currency: "USD",
  day: "2026-11-03",
  counterparty: "Acme",
  reference: "INV-1",
  rail: "ACH",
  returned: false,
  ...fields,
});

describe("tolerance (issue 46)", () => {
  it("is the percentage of the amount, with the absolute tolerance as its floor, in decimals", () => {
    expect(toleranceOf(invoice()).toFixed(2)).toBe("25.00");
    expect(toleranceOf(invoice({ amount: "100000.00" })).toFixed(2)).toBe("500.00");
    expect(toleranceOf(invoice({ amount: "0.30", toleranceAbs: "0", tolerancePct: "10" })).toFixed()).toBe("0.03");
  });
});

describe("automatic matching with reasons", () => {
  it("matches the same reference and amount in the window, saying why", () => {
    const { matches, exceptions } = matchSettlements([invoice()], [movement()]);
    expect(exceptions).toEqual([]);
    expect(matches).toEqual([
      expect.objectContaining({
        strategy: "1:1",
        rule: "reference",
        expectedIds: ["exp_1"],
        actualIds: ["mov_1"],
        difference: "0",
        reasons: ["reference", "amount_exact", "date_in_window", "currency", "counterparty"],
      }),
    ]);
  });

  it("never pairs two payers: a reference alike only by its punctuation, or the same one from another payer, is a suggestion", () => {
    const alpha = invoice({ reference: "AB-x-12-3", counterparty: "Alpha Ltd" });
    const fromBeta = movement({ reference: "AB-x-1-23", counterparty: "Beta Ltd" });
    const today = { today: "2026-11-30" };
    for (const moved of [fromBeta, movement({ reference: "AB-x-1-23", counterparty: "Alpha Ltd" })]) {
      const { matches, exceptions } = matchSettlements([alpha], [moved], undefined, today);
      expect(matches).toEqual([]);
      const missing = exceptions.find((x) => x.kind === "unmatched_expected");
      expect(missing?.candidates).toEqual(["mov_1"]);
      expect(missing?.note).toContain("check it before matching by hand");
      expect(exceptions.map((x) => x.kind).sort()).toEqual(["unmatched_actual", "unmatched_expected"]);
    }
    // The same reference from another payer: not a match either.
    const other = matchSettlements([alpha], [movement({ reference: "AB-x-12-3", counterparty: "Beta Ltd" })]);
    expect(other.matches).toEqual([]);
    // Case and the kind of separator do not count; where it falls does.
    expect(
      matchSettlements([alpha], [movement({ reference: "ab x 12 3", counterparty: "alpha ltd" })]).matches,
    ).toHaveLength(1);
    expect(
      matchSettlements([invoice({ reference: "INV-0042" })], [movement({ reference: "INV0042" })]).matches,
    ).toEqual([]);
    // One side without a counterparty: the reference decides.
    expect(matchSettlements([alpha], [movement({ reference: "AB-x-12-3", counterparty: null })]).matches).toHaveLength(
      1,
    );
  });

  it("matches a wire fee within tolerance and says what differed; beyond it, it is underpaid", () => {
    const fee = matchSettlements([invoice()], [movement({ amount: "985.00" })]);
    expect(fee.matches[0]?.reasons).toContain("amount_within_tolerance");
    expect(fee.matches[0]?.difference).toBe("-15");
    const short = matchSettlements([invoice()], [movement({ amount: "900.00" })]);
    expect(short.matches).toEqual([]);
    expect(short.exceptions).toEqual([
      expect.objectContaining({ kind: "underpaid", expectedIds: ["exp_1"], actualIds: ["mov_1"], difference: "-100" }),
    ]);
    expect(matchSettlements([invoice()], [movement({ amount: "1100.00" })]).exceptions[0]?.kind).toBe("overpaid");
  });

  it("holds a payment after the window as late, and one of two alike invoices as ambiguous, never guessing", () => {
    expect(matchSettlements([invoice()], [movement({ day: "2026-11-20" })]).exceptions[0]?.kind).toBe("late");
    const twins = [invoice({ id: "exp_1", reference: null }), invoice({ id: "exp_2", reference: null })];
    const result = matchSettlements(twins, [movement({ reference: null })]);
    expect(result.matches).toEqual([]);
    expect(result.exceptions).toEqual([
      expect.objectContaining({ kind: "ambiguous", expectedIds: ["exp_1", "exp_2"], candidates: ["mov_1"] }),
    ]);
  });

  it("matches an invoice paid in parts (1:N) and invoices paid at once (N:1)", () => {
    const split = matchSettlements(
      [invoice()],
      [movement({ id: "mov_1", amount: "600.00" }), movement({ id: "mov_2", amount: "400.00", day: "2026-11-05" })],
    );
    expect(split.matches[0]).toMatchObject({ strategy: "1:N", actualIds: ["mov_1", "mov_2"] });
    expect(split.matches[0]?.reasons).toContain("split_payment");
    const combined = matchSettlements(
      [invoice({ id: "exp_1", reference: "INV-1" }), invoice({ id: "exp_2", reference: "INV-2", amount: "250.00" })],
      [movement({ amount: "1250.00", reference: "inv-1, INV 2" })],
    );
    expect(combined.matches[0]).toMatchObject({ strategy: "N:1", expectedIds: ["exp_1", "exp_2"] });
  });

  it("keeps the first of a repeated payment and lists the repeat as a duplicate; a returned one is never matched", () => {
    const dup = matchSettlements(
      [invoice()],
      [movement({ id: "mov_1" }), movement({ id: "mov_2", day: "2026-11-04" })],
    );
    expect(dup.matches.map((m) => m.actualIds)).toEqual([["mov_1"]]);
    expect(dup.exceptions).toEqual([expect.objectContaining({ kind: "duplicate", actualIds: ["mov_2"] })]);
    const back = matchSettlements([invoice()], [movement({ returned: true })]);
    expect(back.matches).toEqual([]);
    expect(back.exceptions).toEqual([expect.objectContaining({ kind: "returned", expectedIds: ["exp_1"] })]);
  });

  it("an expected settlement whose window is not over waits; once over, it is not paid", () => {
    const later = matchSettlements([invoice({ windowEnd: "2026-11-30" })], [], undefined, { today: "2026-11-20" });
    expect(later.exceptions).toEqual([]);
    const over = matchSettlements([invoice({ windowEnd: "2026-11-19" })], [], undefined, { today: "2026-11-20" });
    expect(over.exceptions.map((x) => x.kind)).toEqual(["unmatched_expected"]);
  });

  it("runs the rules in the order given, and a switched-off rule matches nothing", () => {
    const noReference = [invoice({ reference: null })];
    const moves = [movement({ reference: null })];
    expect(matchSettlements(noReference, moves).matches[0]?.rule).toBe("counterparty");
    const off = matchSettlements(noReference, moves, [
      { id: "counterparty", name: "x", strategy: "1:1", byReference: false, graceDays: 0, enabled: false },
    ]);
    expect(off.matches).toEqual([]);
    expect(off.exceptions.map((x) => x.kind).sort()).toEqual(["unmatched_actual", "unmatched_expected"]);
  });
});

describe("a month of 10,000 expected settlements against the exception pack's ground truth", () => {
  const pack = exceptionPack({ month: "2026-11", expected: 10_000, seed: 46 });
  const result = matchSettlements(pack.expected, pack.actual);

  it("matches at least 95 % automatically", () => {
    const matched = result.matches.reduce((n, m) => n + m.expectedIds.length, 0);
    expect(pack.expected.length).toBe(10_000);
    expect(matched / pack.expected.length).toBeGreaterThanOrEqual(0.95);
  });

  it("makes no false match: every match is one of the ground truth's", () => {
    const truth = new Set(pack.truth.matches.map((m) => `${key(m.expectedIds)}|${key(m.actualIds)}`));
    const wrong = result.matches.filter((m) => !truth.has(`${key(m.expectedIds)}|${key(m.actualIds)}`));
    expect(wrong).toEqual([]);
    expect(result.matches.length).toBe(pack.truth.matches.length);
  });

  it("puts each planted exception in the queue with its kind", () => {
    const found = new Set(result.exceptions.map((x) => `${x.kind}|${key(x.expectedIds)}`));
    const missing = pack.truth.exceptions.filter(
      (x) => x.kind !== "duplicate" && x.kind !== "unmatched_actual" && !found.has(`${x.kind}|${key(x.expectedIds)}`),
    );
    expect(missing).toEqual([]);
    const byActual = new Set(result.exceptions.flatMap((x) => x.actualIds.map((id) => `${x.kind}|${id}`)));
    for (const x of pack.truth.exceptions.filter((t) => t.kind === "duplicate" || t.kind === "unmatched_actual"))
      expect(byActual.has(`${x.kind}|${x.actualIds[0]}`), `${x.kind} ${x.actualIds[0]}`).toBe(true);
  });

  it("accounts for every row once: matched or in the queue", () => {
    const seen = [...result.matches, ...result.exceptions].flatMap((m) => m.expectedIds);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(pack.expected.length);
    const moves = [...result.matches, ...result.exceptions].flatMap((m) => m.actualIds);
    expect(new Set(moves).size).toBe(moves.length);
    expect(moves.length).toBe(pack.actual.length);
  });
});
