/**
 * What a controlled action's check decided (issue 60; decisions D19): refuse it, hold it for
 * approval (a rule, or past a daily limit), or let it go and then hear how it ended. The features
 * decide (lib/approvals/hold.ts); the actions' wrapper only acts on it, so it imports no feature.
 */
export type HeldCall = { id: string; message: string; replaces?: string };

export type ControlVerdict =
  | { kind: "refused"; code: string; message: string }
  | { kind: "held"; held: HeldCall }
  | { kind: "over_limit"; held: HeldCall }
  | { kind: "go"; finish: (ok: boolean) => Promise<void> };
