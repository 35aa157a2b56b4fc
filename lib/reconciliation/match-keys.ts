import type { ActualMovement, ExpectedSettlement, ReasonCode } from "./types";

/**
 * How matching compares references and counterparties, and the small indexes it builds (issue
 * 57, decisions D24.3): pure, shared by the matcher and the hand-matching checks.
 */

/**
 * A reference as matching compares it: its runs of letters and digits, upper case, in order
 * ("inv 0042" and "INV-0042" are one). Where the punctuation falls counts: "INV0042" is not
 * "INV-0042", and "AB-x-12-3" is not "AB-x-1-23" (issue 57: two payers were matched on that).
 */
export const referenceKey = (value: string | null): string | null => {
  const v = (value ?? "")
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join("-");
  return v ? v : null;
};

/** A reference with its punctuation dropped: two that agree only here are a suggestion for a person, never a match. */
export const normalizeReference = (value: string | null): string | null => {
  const v = value?.replace(/[^\p{L}\p{N}]+/gu, "").toUpperCase();
  return v ? v : null;
};

/** The several references one payment names ("INV-1, INV-2" or "INV-1/INV-2"). */
export const referencesIn = (value: string | null): string[] =>
  (value ?? "")
    .split(/[,;/+&]|\s+and\s+/i)
    .map((r) => referenceKey(r))
    .filter((r): r is string => r !== null);

export const counterpartyKey = (value: string | null) => value?.trim().toLowerCase() || null;

/** Both name a counterparty, and not the same one: never a match, whatever the reference says. */
export const partiesDiffer = (a: { counterparty: string | null }, b: { counterparty: string | null }) => {
  const [x, y] = [counterpartyKey(a.counterparty), counterpartyKey(b.counterparty)];
  return x !== null && y !== null && x !== y;
};

export const keyOf = (direction: string, currency: string, name: string) => `${direction}|${currency}|${name}`;

export function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export const byDayThenId = (a: ActualMovement, b: ActualMovement) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Why a match was made, in the codes the page turns into words. */
export function reasonsFor(
  e: ExpectedSettlement,
  movements: ActualMovement[],
  exact: boolean,
  extra: ReasonCode[],
): ReasonCode[] {
  const reasons: ReasonCode[] = [
    ...extra,
    exact ? "amount_exact" : "amount_within_tolerance",
    "date_in_window",
    "currency",
  ];
  const party = counterpartyKey(e.counterparty);
  if (party && movements.every((m) => counterpartyKey(m.counterparty) === party)) reasons.push("counterparty");
  return reasons;
}
