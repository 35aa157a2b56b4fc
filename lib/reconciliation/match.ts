import Decimal from "decimal.js";
import { compareAmount, dayAgainstWindow } from "./tolerance";
import type {
  ActualMovement,
  ExceptionKind,
  ExpectedSettlement,
  Match,
  MatchResult,
  MatchRule,
  ReconException,
} from "./types";

import { DEFAULT_RULES } from "./default-rules";
import {
  byDayThenId,
  counterpartyKey,
  keyOf,
  normalizeReference,
  partiesDiffer,
  push,
  referenceKey,
  referencesIn,
  reasonsFor,
} from "./match-keys";
import {
  ambiguousException,
  duplicateNote,
  lateNote,
  misfitNote,
  returnedNote,
  unmatchedActualNote,
  unmatchedExpectedNote,
} from "./match-notes";

/**
 * Automatic matching (issue 46, decisions D24.3): expected settlements against what the
 * service did, by rules in the admin's order, each on what earlier rules left. A match is made
 * only when it is the one answer: a candidate two expected settlements could claim, or two
 * candidates one could take, go to the exception queue with their candidates, never matched
 * by a guess. What no rule matched is classified: under- or overpaid, late, duplicate,
 * returned, ambiguous, or unmatched on either side (an expected settlement only once its
 * window is over: before, it waits). Pure: no database, no clock; linear in the
 * number of rows (indexes by reference and by counterparty).
 */

export function matchSettlements(
  expectedInput: readonly ExpectedSettlement[],
  actualInput: readonly ActualMovement[],
  rules: readonly MatchRule[] = DEFAULT_RULES,
  options: { today?: string } = {},
): MatchResult {
  const expected = [...expectedInput].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const actual = [...actualInput].sort(byDayThenId);
  const openExpected = new Set(expected.map((e) => e.id));
  const expectedById = new Map(expected.map((e) => [e.id, e]));
  const openActual = new Set(actual.map((a) => a.id));
  const matches: Match[] = [];
  const exceptions: ReconException[] = [];

  // Indexes: actuals by (direction, currency, reference) and by counterparty; expected by reference.
  const actualByRef = new Map<string, ActualMovement[]>();
  const actualByParty = new Map<string, ActualMovement[]>();
  // And actuals by reference without its punctuation: only to suggest, never to match.
  const actualByLooseRef = new Map<string, ActualMovement[]>();
  for (const a of actual) {
    const ref = referenceKey(a.reference);
    if (ref) push(actualByRef, keyOf(a.direction, a.currency, ref), a);
    const loose = normalizeReference(a.reference);
    if (loose) push(actualByLooseRef, keyOf(a.direction, a.currency, loose), a);
    const party = counterpartyKey(a.counterparty);
    if (party) push(actualByParty, keyOf(a.direction, a.currency, party), a);
  }
  const expectedByRef = new Map<string, ExpectedSettlement[]>();
  for (const e of expected) {
    const ref = referenceKey(e.reference);
    if (ref) push(expectedByRef, keyOf(e.direction, e.currency, ref), e);
  }
  const refCandidates = (e: ExpectedSettlement) => {
    const ref = referenceKey(e.reference);
    return ref
      ? (actualByRef.get(keyOf(e.direction, e.currency, ref)) ?? []).filter(
          (a) => openActual.has(a.id) && !partiesDiffer(e, a),
        )
      : [];
  };

  const take = (m: Match) => {
    for (const id of m.expectedIds) openExpected.delete(id);
    for (const id of m.actualIds) openActual.delete(id);
    matches.push(m);
  };
  const raise = (x: ReconException) => {
    for (const id of x.expectedIds) openExpected.delete(id);
    for (const id of x.actualIds) openActual.delete(id);
    exceptions.push(x);
  };

  // A returned movement is never matched: it is an exception, with the settlement it paid when its reference names one.
  for (const a of actual) {
    if (!a.returned) continue;
    const ref = referenceKey(a.reference);
    const owner = ref
      ? (expectedByRef.get(keyOf(a.direction, a.currency, ref)) ?? []).find(
          (e) => openExpected.has(e.id) && !partiesDiffer(e, a),
        )
      : undefined;
    raise({
      kind: "returned",
      expectedIds: owner ? [owner.id] : [],
      actualIds: [a.id],
      candidates: [],
      difference: null,
      currency: a.currency,
      note: returnedNote(a, owner),
    });
  }

  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (rule.byReference && rule.strategy === "1:1") referenceOneToOne(rule);
    else if (rule.byReference && rule.strategy === "1:N") referenceSplit(rule);
    else if (rule.byReference && rule.strategy === "N:1") referenceCombined(rule);
    else counterpartyOneToOne(rule);
  }
  classifyLeftovers();
  return { matches, exceptions };

  /** Reasons for one expected against what matched it. */
  /** Same reference, amount within tolerance, in the window: the one candidate, claimed by no other expected. */
  function referenceOneToOne(rule: MatchRule) {
    const good = new Map<string, ActualMovement[]>();
    const claims = new Map<string, number>();
    for (const e of expected) {
      if (!openExpected.has(e.id)) continue;
      const fits = refCandidates(e).filter(
        (a) => compareAmount(e, a.amount).within && dayAgainstWindow(e, a.day, rule.graceDays) === "in",
      );
      if (fits.length === 0) continue;
      good.set(e.id, fits);
      for (const a of fits) claims.set(a.id, (claims.get(a.id) ?? 0) + 1);
    }
    for (const e of expected) {
      const fits = good.get(e.id);
      if (!fits || !openExpected.has(e.id)) continue;
      const shared = fits.filter((a) => (claims.get(a.id) ?? 0) > 1);
      if (shared.length > 0) {
        // Two expected settlements carry one reference, and a movement fits both: a person decides.
        const rivals = (
          expectedByRef.get(keyOf(e.direction, e.currency, referenceKey(e.reference) ?? "")) ?? []
        ).filter((x) => openExpected.has(x.id));
        raise(
          ambiguousException(rivals, fits, `${rivals.length} expected settlements share the reference ${e.reference}.`),
        );
        continue;
      }
      const [first, ...rest] = fits;
      if (!first) continue;
      const sameAmount = rest.every((a) => new Decimal(a.amount).eq(first.amount));
      if (rest.length > 0 && !sameAmount) {
        raise(ambiguousException([e], fits, `${fits.length} movements with the reference ${e.reference} fit ${e.id}.`));
        continue;
      }
      const cmp = compareAmount(e, first.amount);
      take({
        strategy: "1:1",
        rule: rule.id,
        expectedIds: [e.id],
        actualIds: [first.id],
        reasons: reasonsFor(e, [first], cmp.exact, ["reference"]),
        difference: cmp.difference.toFixed(),
        currency: e.currency,
      });
      // The same payment again (same reference and amount): the earliest pays it, the others are duplicates.
      for (const dup of rest) {
        raise({
          kind: "duplicate",
          expectedIds: [],
          actualIds: [dup.id],
          candidates: [e.id],
          difference: dup.amount,
          currency: e.currency,
          note: duplicateNote(e, dup, first),
        });
      }
    }
  }

  /** One expected paid in parts: every open movement with its reference, together within tolerance. */
  function referenceSplit(rule: MatchRule) {
    for (const e of expected) {
      if (!openExpected.has(e.id)) continue;
      const parts = refCandidates(e);
      if (parts.length < 2) continue;
      if (!parts.every((a) => dayAgainstWindow(e, a.day, rule.graceDays) === "in")) continue;
      const rivals = (expectedByRef.get(keyOf(e.direction, e.currency, referenceKey(e.reference) ?? "")) ?? []).filter(
        (x) => openExpected.has(x.id),
      );
      if (rivals.length > 1) continue;
      const total = parts.reduce((sum, a) => sum.plus(a.amount), new Decimal(0));
      const cmp = compareAmount(e, total);
      if (!cmp.within) continue;
      take({
        strategy: "1:N",
        rule: rule.id,
        expectedIds: [e.id],
        actualIds: parts.map((a) => a.id),
        reasons: reasonsFor(e, parts, cmp.exact, ["reference", "split_payment"]),
        difference: cmp.difference.toFixed(),
        currency: e.currency,
      });
    }
  }

  /** Several expected paid at once: a movement naming each of their references, the sum within tolerance. */
  function referenceCombined(rule: MatchRule) {
    for (const a of actual) {
      if (!openActual.has(a.id)) continue;
      const refs = referencesIn(a.reference);
      if (refs.length < 2) continue;
      const paid: ExpectedSettlement[] = [];
      for (const ref of refs) {
        const open = (expectedByRef.get(keyOf(a.direction, a.currency, ref)) ?? []).filter(
          (e) => openExpected.has(e.id) && !partiesDiffer(e, a),
        );
        if (open.length !== 1) {
          paid.length = 0;
          break;
        }
        paid.push(open[0] as ExpectedSettlement);
      }
      if (paid.length < 2) continue;
      if (!paid.every((e) => dayAgainstWindow(e, a.day, rule.graceDays) === "in")) continue;
      const amount = paid.reduce((sum, e) => sum.plus(e.amount), new Decimal(0));
      const floor = Decimal.max(...paid.map((e) => new Decimal(e.toleranceAbs)));
      const pct = Decimal.min(...paid.map((e) => new Decimal(e.tolerancePct)));
      const combined = { amount: amount.toFixed(), toleranceAbs: floor.toFixed(), tolerancePct: pct.toFixed() };
      const cmp = compareAmount(combined, a.amount);
      if (!cmp.within) continue;
      const first = paid[0] as ExpectedSettlement;
      take({
        strategy: "N:1",
        rule: rule.id,
        expectedIds: paid.map((e) => e.id),
        actualIds: [a.id],
        reasons: reasonsFor(first, [a], cmp.exact, ["reference", "combined_payment"]),
        difference: cmp.difference.toFixed(),
        currency: a.currency,
      });
    }
  }

  /** No reference to go by: the same counterparty, the amount within tolerance, in the window, and one answer on both sides. */
  function counterpartyOneToOne(rule: MatchRule) {
    const fitsOf = new Map<string, ActualMovement[]>();
    const claims = new Map<string, string[]>();
    for (const e of expected) {
      if (!openExpected.has(e.id)) continue;
      const party = counterpartyKey(e.counterparty);
      if (!party) continue;
      const ref = referenceKey(e.reference);
      const fits = (actualByParty.get(keyOf(e.direction, e.currency, party)) ?? []).filter(
        (a) =>
          openActual.has(a.id) &&
          // A movement naming another reference is not this one's, however alike.
          (referenceKey(a.reference) === null || referenceKey(a.reference) === ref) &&
          compareAmount(e, a.amount).within &&
          dayAgainstWindow(e, a.day, rule.graceDays) === "in",
      );
      if (fits.length === 0) continue;
      fitsOf.set(e.id, fits);
      for (const a of fits) push(claims, a.id, e.id);
    }
    for (const e of expected) {
      const fits = fitsOf.get(e.id);
      if (!fits || !openExpected.has(e.id)) continue;
      const open = fits.filter((a) => openActual.has(a.id));
      if (open.length === 0) continue;
      const rivalIds = new Set(open.flatMap((a) => claims.get(a.id) ?? []));
      const rivals = [...rivalIds]
        .sort()
        .filter((id) => openExpected.has(id))
        .map((id) => expectedById.get(id) as ExpectedSettlement);
      if (open.length > 1 || rivals.length > 1) {
        raise(
          ambiguousException(
            rivals.length > 0 ? rivals : [e],
            open,
            `${rivals.length} expected and ${open.length} movements of ${e.counterparty} fit one another by amount and date.`,
          ),
        );
        continue;
      }
      const a = open[0] as ActualMovement;
      const cmp = compareAmount(e, a.amount);
      take({
        strategy: "1:1",
        rule: rule.id,
        expectedIds: [e.id],
        actualIds: [a.id],
        reasons: reasonsFor(e, [a], cmp.exact, []),
        difference: cmp.difference.toFixed(),
        currency: e.currency,
      });
    }
  }

  /** What no rule matched: near misses by reference (under, over, late), then each side unmatched. */
  function classifyLeftovers() {
    for (const e of expected) {
      if (!openExpected.has(e.id)) continue;
      const near = refCandidates(e)[0] ?? lateByCounterparty(e);
      if (!near) continue;
      const cmp = compareAmount(e, near.amount);
      let kind: ExceptionKind;
      let note: string;
      if (!cmp.within) {
        kind = cmp.difference.isNegative() ? "underpaid" : "overpaid";
        note = misfitNote(e, near, cmp.difference, kind);
      } else if (dayAgainstWindow(e, near.day, 0) !== "in") {
        kind = "late";
        note = lateNote(e, near);
      } else continue;
      raise({
        kind,
        expectedIds: [e.id],
        actualIds: [near.id],
        candidates: [],
        difference: cmp.difference.toFixed(),
        currency: e.currency,
        note,
      });
    }
    for (const e of expected) {
      if (!openExpected.has(e.id)) continue;
      // Its window is not over: nothing is missing yet, it waits for the next run.
      if (options.today !== undefined && e.windowEnd >= options.today) continue;
      const alike = lookAlikes(e);
      raise({
        kind: "unmatched_expected",
        expectedIds: [e.id],
        actualIds: [],
        candidates: alike.map((a) => a.id),
        difference: null,
        currency: e.currency,
        note: unmatchedExpectedNote(e, alike),
      });
    }
    for (const a of actual) {
      if (!openActual.has(a.id)) continue;
      raise({
        kind: "unmatched_actual",
        expectedIds: [],
        actualIds: [a.id],
        candidates: [],
        difference: null,
        currency: a.currency,
        note: unmatchedActualNote(a),
      });
    }
  }

  /**
   * Open movements a person may want to look at for `e`, never matched automatically: a
   * reference that equals its own only without punctuation, or the same reference from another payer.
   */
  function lookAlikes(e: ExpectedSettlement): ActualMovement[] {
    const loose = normalizeReference(e.reference);
    if (!loose) return [];
    return (actualByLooseRef.get(keyOf(e.direction, e.currency, loose)) ?? []).filter(
      (a) => openActual.has(a.id) && compareAmount(e, a.amount).within,
    );
  }

  /** Without a reference: the counterparty's one open movement of the right amount, outside the window. */
  function lateByCounterparty(e: ExpectedSettlement): ActualMovement | undefined {
    const party = counterpartyKey(e.counterparty);
    if (!party || referenceKey(e.reference)) return undefined;
    const fits = (actualByParty.get(keyOf(e.direction, e.currency, party)) ?? []).filter(
      (a) => openActual.has(a.id) && referenceKey(a.reference) === null && compareAmount(e, a.amount).within,
    );
    return fits.length === 1 ? fits[0] : undefined;
  }
}
