import { boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { CellProblem } from "./rows";
import type { BatchKind } from "./templates";
import type { BatchStatus, DryRunRow, DryRunState, QuoteState, RowQuote, SendState } from "./types";

/**
 * Batch payouts (issue 32, decisions D20). Created by lib/db/migrations/0024_batches.ts. The
 * file's bytes (`file_bytes`) are not mapped here: lib/batches/store.ts reads and writes them as
 * base64 in SQL, the same on PostgreSQL and PGlite.
 */
export const batches = pgTable("console_batches", {
  id: text("id").primaryKey(),
  environment: text("environment").$type<"sandbox" | "production">().notNull(),
  kind: text("kind").$type<BatchKind>().notNull(),
  fileName: text("file_name").notNull(),
  fileSha256: text("file_sha256").notNull(),
  fileSize: integer("file_size").notNull(),
  separator: text("separator").notNull(),
  header: text("header").array().notNull(),
  rowCount: integer("row_count").notNull(),
  status: text("status").$type<BatchStatus>().notNull().default("review"),
  dryRunState: text("dry_run_state").$type<DryRunState>(),
  dryRunAttempt: integer("dry_run_attempt").notNull().default(0),
  quoteState: text("quote_state").$type<QuoteState>(),
  dryRunStartedAt: timestamp("dry_run_started_at", { withTimezone: true }),
  dryRunFinishedAt: timestamp("dry_run_finished_at", { withTimezone: true }),
  dryRunError: text("dry_run_error"),
  submissionId: text("submission_id"),
  totals: jsonb("totals").$type<Array<{ currency: string; amount: string; count: number }>>(),
  createdBy: text("created_by").notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  submittedByEmail: text("submitted_by_email"),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  sendingAt: timestamp("sending_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The batch made from this one's failed rows, and the one this was made from (issue 44). */
  followedBy: text("followed_by"),
  follows: text("follows"),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});

export const batchRows = pgTable(
  "console_batch_rows",
  {
    batchId: text("batch_id").notNull(),
    rowNo: integer("row_no").notNull(),
    line: integer("line").notNull(),
    cells: text("cells").array().notNull(),
    edited: boolean("edited").notNull().default(false),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    problems: jsonb("problems").$type<CellProblem[]>().notNull().default([]),
    currency: text("currency"),
    amount: numeric("amount"),
    payee: text("payee"),
    included: boolean("included").notNull().default(true),
    /** A flagged row (a repeat, far above the usual) someone looked at and kept (issue 44). */
    kept: boolean("kept").notNull().default(false),
    /** How many times "Retry failed rows" put it back (its Idempotency-Key changes with it). */
    sendAttempt: integer("send_attempt").notNull().default(0),
    dryRun: jsonb("dry_run").$type<DryRunRow>(),
    quote: jsonb("quote").$type<RowQuote>(),
    sendState: text("send_state").$type<SendState>().notNull().default("waiting"),
    resultId: text("result_id"),
    resultStatus: text("result_status"),
    httpStatus: integer("http_status"),
    failure: text("failure"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    resultFinal: boolean("result_final"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNo] })],
);
