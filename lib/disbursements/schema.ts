import { index, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's own tables (not the settlement API's). The API has no list of disbursements,
 * so the console remembers the ones created through it, per environment, with the last status
 * it saw. Created by lib/db/migrations/0007_dashboard.ts.
 */
export const consoleDisbursements = pgTable(
  "console_disbursements",
  {
    environment: text("environment").notNull(),
    /** The disbursement's id in the settlement API. */
    id: text("id").notNull(),
    /** Canonical decimal string in, string out (numeric): never a float. */
    amount: numeric("amount", { precision: 38, scale: 8 }).notNull(),
    currency: text("currency").notNull(),
    chain: text("chain"),
    walletAddress: text("wallet_address"),
    /** The last status the console saw (refreshed when a page reads the disbursement). */
    status: text("status").notNull(),
    paymentId: text("payment_id"),
    /** Email of the person who created it in the console. */
    createdBy: text("created_by"),
    /** The API's created_at. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.environment, t.id] }),
    index("console_disbursements_env_created_idx").on(t.environment, t.createdAt),
  ],
);
