import Decimal from "decimal.js";
import { formatMoney } from "@/lib/money/format";
import { toleranceOf } from "./tolerance";
import type { ActualMovement, ExpectedSettlement, ReconException } from "./types";

/** The queue's notes in finance's words (decisions D24.3): what was expected, what came, and by how much they differ. */

/** How an expected settlement or a movement is named in the queue's notes: its reference, else its counterparty, else its id. */
export const named = (e: ExpectedSettlement) =>
  e.reference ?? (e.counterparty ? `the invoice of ${e.counterparty}` : e.id);
export const moved = (a: ActualMovement) => a.reference ?? a.counterparty ?? a.id;
export const money = (amount: Decimal.Value, currency: string) => formatMoney(new Decimal(amount).toFixed(), currency);

/** Paid, but not within the tolerance. */
export const misfitNote = (
  e: ExpectedSettlement,
  near: ActualMovement,
  difference: Decimal,
  kind: "underpaid" | "overpaid",
) =>
  `${named(e)}: ${money(near.amount, e.currency)} ${e.direction === "in" ? "arrived" : "went out"} for ${money(e.amount, e.currency)} expected, ${money(difference.abs(), e.currency)} ${kind === "underpaid" ? "short" : "over"}, beyond its tolerance of ${money(toleranceOf(e), e.currency)}.`;

/** Paid in full, after its window. */
export const lateNote = (e: ExpectedSettlement, near: ActualMovement) =>
  `${named(e)} was paid on ${near.day}, after its window (${e.windowStart} to ${e.windowEnd}).`;

/** Nothing came; the look-alikes a person should check before matching by hand. */
export const unmatchedExpectedNote = (e: ExpectedSettlement, alike: readonly ActualMovement[]) =>
  `Nothing the service did matches ${named(e)}: ${money(e.amount, e.currency)} expected ${e.direction === "in" ? "in" : "out"}, ${e.windowStart} to ${e.windowEnd}.${
    alike.length > 0
      ? ` ${alike.map((a) => `${moved(a)}${a.counterparty ? ` from ${a.counterparty}` : ""}`).join(", ")} looks alike only by its punctuation or comes from another payer: check it before matching by hand.`
      : ""
  }`;

/** Money nobody expected. */
export const unmatchedActualNote = (a: ActualMovement) =>
  `${money(a.amount, a.currency)} ${a.direction === "in" ? "came in" : "went out"} on ${a.day} (${moved(a)}) and matches no expected settlement.`;

/** A payment that settled and came back: not paid, whatever it named. */
export const returnedNote = (a: ActualMovement, owner: ExpectedSettlement | undefined) =>
  owner
    ? `A payment of ${money(a.amount, a.currency)} for ${named(owner)} settled on ${a.day}, then came back: it is not paid.`
    : `A payment of ${money(a.amount, a.currency)} (${moved(a)}) settled on ${a.day}, then came back; it names no expected settlement.`;

/** The second payment of an invoice already matched. */
export const duplicateNote = (e: ExpectedSettlement, dup: ActualMovement, first: ActualMovement) =>
  `${named(e)} was paid twice: ${money(dup.amount, dup.currency)} on ${dup.day} repeats the payment of ${first.day}, which is matched.`;

/** Several could be one: held for a person with its candidates, never matched by a guess. */
export function ambiguousException(
  es: ExpectedSettlement[],
  candidates: ActualMovement[],
  note: string,
): ReconException {
  return {
    kind: "ambiguous",
    expectedIds: es.map((e) => e.id),
    // The movements it could be are held with it: the queue shows them once, here.
    actualIds: candidates.map((a) => a.id),
    candidates: candidates.map((a) => a.id),
    difference: null,
    currency: (es[0] ?? candidates[0])?.currency ?? "",
    note: `${note} Not matched automatically.`,
  };
}
