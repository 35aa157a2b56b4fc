/**
 * Reconciliation's words (issue 46): what finance expects, what the service did, and how the
 * matcher ties them together or says why it could not. Pure types, browser-safe.
 */

/** Money coming in (an invoice to be paid) or going out (a bill to pay). */
export type Direction = "in" | "out";

/** What finance records that it expects. Amounts are decimal strings. */
export type ExpectedSettlement = {
  id: string;
  direction: Direction;
  amount: string;
  currency: string;
  /** The tolerance in the currency: a difference up to it still matches (a wire fee). */
  toleranceAbs: string;
  /** The tolerance as a percentage of the amount ("0.5" is 0.5 %); the absolute one is its floor. */
  tolerancePct: string;
  /** The first and last day the money may move, as dates in the merchant's time zone ("2026-11-01"). */
  windowStart: string;
  windowEnd: string;
  counterparty: string | null;
  /** What the movement carries to name it: an external_id, an invoice number, a transaction hash. */
  reference: string | null;
};

/** Where an actual movement comes from in the service. */
export type ActualKind = "settlement_request" | "payment" | "disbursement" | "v1_payment";

/** What the service did: one movement of money, settled, in or out. */
export type ActualMovement = {
  id: string;
  kind: ActualKind;
  direction: Direction;
  amount: string;
  currency: string;
  /** When it settled, as the date in the merchant's time zone ("2026-11-14"). */
  day: string;
  counterparty: string | null;
  reference: string | null;
  rail: string | null;
  /** Returned or reversed after it settled: never matched, always an exception. */
  returned: boolean;
};

/** Why a match was made: each condition that held, and what differed. */
export type ReasonCode =
  | "reference"
  | "amount_exact"
  | "amount_within_tolerance"
  | "date_in_window"
  | "counterparty"
  | "currency"
  | "split_payment"
  | "combined_payment"
  /** Made or judged by a person: */
  | "manual"
  | "accepted_difference"
  | "amount_differs"
  | "date_outside_window";

export type Strategy = "1:1" | "1:N" | "N:1";

export type Match = {
  strategy: Strategy;
  /** The rule that made it (its id). */
  rule: string;
  expectedIds: string[];
  actualIds: string[];
  reasons: ReasonCode[];
  /** What moved minus what was expected, in the currency (negative: less arrived). */
  difference: string;
  currency: string;
};

export type ExceptionKind =
  | "unmatched_expected"
  | "unmatched_actual"
  | "underpaid"
  | "overpaid"
  | "late"
  | "duplicate"
  | "returned"
  | "ambiguous";

/** Something the matcher would not decide: a person works it (match, accept, write off). */
export type ReconException = {
  kind: ExceptionKind;
  expectedIds: string[];
  actualIds: string[];
  /** For an ambiguous or near one: what it could be matched to. */
  candidates: string[];
  /** For under- and overpaid: what moved minus what was expected. */
  difference: string | null;
  currency: string;
  /** One sentence for the queue. */
  note: string;
};

/** One matching rule; rules run in the order the admin sets, each on what earlier ones left. */
export type MatchRule = {
  id: string;
  name: string;
  strategy: Strategy;
  /** Match only on an equal reference (otherwise on counterparty, amount and date). */
  byReference: boolean;
  /** Days after the window's end that still count as in time (0: the window only). */
  graceDays: number;
  enabled: boolean;
};

export type MatchResult = { matches: Match[]; exceptions: ReconException[] };
