/** Batches as the browser sees them (browser-safe). */
import type { CellProblem } from "./rows";
import type { BatchKind } from "./templates";

/** review: being checked; held: waiting for approval; sending: rows going out; done: every row sent or failed. */
export type BatchStatus = "review" | "held" | "sending" | "done" | "denied" | "cancelled";
export type DryRunState = "queued" | "running" | "done" | "failed";
export type SendState = "waiting" | "sending" | "sent" | "failed";
/** Pricing a settlement-request batch with the service's quotes (GET /v0/rates per row), in the background. */
export type QuoteState = "queued" | "running" | "done";

/** One row's quote: its fee and rate, or why the service would not quote it. */
export type RowQuote =
  | {
      fee: string;
      feeCurrency: string;
      rate: string;
      /** What the payer sends, fee included (the quote's source amount), and in which currency (issue 44). */
      send?: string;
      sendCurrency?: string;
    }
  | { error: string };

/** What the dry run found for one row, in sandbox. */
export type DryRunRow = {
  id: string | null;
  /** Where it ended after its flow (COMPLETED, REQUEST_COMPLETED, …), or null when it was refused. */
  finalStatus: string | null;
  fee: string | null;
  feeCurrency: string | null;
  rate: string | null;
  /** Why it failed or was refused. */
  failure: string | null;
  ok: boolean;
};

export type BatchTotals = Array<{ currency: string; amount: string; count: number }>;

/** What a sent batch came to per currency: paid, failed and not sent, each an amount and a row count. */
export type SettledTotals = Array<{
  currency: string;
  paid: { amount: string; count: number };
  failed: { amount: string; count: number };
  notSent: { amount: string; count: number };
}>;

export type BatchRowView = {
  rowNo: number;
  line: number;
  cells: string[];
  edited: boolean;
  /** Who it pays, in a few words. */
  payee: string;
  problems: CellProblem[];
  currency: string | null;
  amount: string | null;
  included: boolean;
  /** The earlier row this one repeats (same payee, currency and amount), if any. */
  duplicateOf: number | null;
  /** Its amount is far above the file's usual one in its currency (OVERSIZE_FACTOR × the median). */
  oversize: boolean;
  /** Someone looked at its flag and kept it. */
  kept: boolean;
  /** How many times "Retry failed rows" put it back (0: never). */
  sendAttempt: number;
  dryRun: DryRunRow | null;
  quote: RowQuote | null;
  sendState: SendState;
  resultId: string | null;
  resultStatus: string | null;
  failure: string | null;
};

export type BatchView = {
  id: string;
  environment: "sandbox" | "production";
  kind: BatchKind;
  fileName: string;
  fileSha256: string;
  fileSize: number;
  separator: string;
  header: string[];
  rowCount: number;
  status: BatchStatus;
  dryRunState: DryRunState | null;
  quoteState: QuoteState | null;
  dryRunError: string | null;
  dryRunFinishedAt: string | null;
  submissionId: string | null;
  createdByEmail: string;
  createdAt: string;
  submittedByEmail: string | null;
  submittedAt: string | null;
  finishedAt: string | null;
  /** Earlier batches of the same file (same SHA-256) in this environment. */
  sameFile: Array<{ id: string; createdAt: string; status: BatchStatus }>;
  /** The batch made from this one's failed rows, and the one this was made from (issue 44). */
  followedBy: string | null;
  follows: string | null;
};

/** Counts for the progress bar and the review's summary. */
export type BatchProgress = {
  rows: number;
  included: number;
  invalid: number;
  dropped: number;
  waiting: number;
  sending: number;
  sent: number;
  failed: number;
  /** Rows the API refused when sent (422, 400…). */
  refused: number;
  /** Sent rows whose status may still move (read again by the worker). */
  moving: number;
  /** Sent rows whose object reached a final success (COMPLETED, SETTLEMENT_COMPLETED, REQUEST_COMPLETED). */
  succeeded: number;
  dryRunDone: number;
  dryRunFailed: number;
};

export type BatchListItem = {
  id: string;
  kind: BatchKind;
  fileName: string;
  rowCount: number;
  status: BatchStatus;
  createdByEmail: string;
  createdAt: string;
  totals: BatchTotals | null;
  /** How its rows ended, once sending started (null before). */
  outcome: { sent: number; refused: number; failed: number } | null;
};

/** Which rows the batch page lists. */
export type RowFilter = "all" | "problems" | "dropped" | "failed" | "duplicates";

/** Everything the batch page shows (lib/batches/state.ts): the first render and each poll alike. */
export type BatchState = {
  batch: BatchView;
  progress: BatchProgress;
  totals: BatchTotals;
  /** Once sending started: paid, failed and not sent per currency (null before). */
  settled: SettledTotals | null;
  /** Fees the dry run's sandbox quotes came with, per currency. */
  dryRunFees: BatchTotals;
  /** Fees of the service's quotes for the rows that would be sent, per fee currency; and how many rows are priced. */
  quoteFees: BatchTotals;
  /** A settlement-request batch: what the payers must send per currency, fees included, by the quotes. */
  funding: BatchTotals;
  quoted: { priced: number; failed: number; of: number };
  /** The submission's status while it waits or after it was decided. */
  submissionStatus: string | null;
  rows: BatchRowView[];
  page: number;
  pages: number;
  filter: RowFilter;
  filteredCount: number;
  /** Rows of the whole batch repeating an earlier one. */
  duplicates: number;
  /** Row numbers still kept but with problems (for "drop them all"). */
  invalidRowNos: number[];
  /** Flagged rows (repeats, far above the usual) nobody decided yet: the file cannot be submitted until each is kept or dropped. */
  undecidedRowNos: number[];
};

/** One line of the dry run's report: ok, worth a look, or something that stops the submit. */
export type CheckItem = {
  key: "rows" | "prices" | "funding" | "balance" | "runway" | "cooling" | "limit" | "approval";
  tone: "ok" | "warn" | "stop";
  title: string;
  detail: string;
};

/** The dry run in the batch's own environment (issue 44): what submitting would meet, nothing sent. */
export type BatchCheck = {
  environment: "sandbox" | "production";
  checkedAt: string;
  rows: number;
  items: CheckItem[];
  /** No item stops it (a shortfall stops it too, though the person may still submit with "funding first"). */
  ready: boolean;
};
