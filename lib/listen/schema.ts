import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * `settlement-console listen` (issue 33, decisions D18). Created by
 * lib/db/migrations/0019_listen.ts.
 */

/** Personal access tokens: stored as their SHA-256, shown once, scoped, expiring, revocable. */
export const consoleAccessTokens = pgTable(
  "console_access_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, to tell tokens apart in lists. */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who made it: the person's email, or "npm run tokens". */
    createdBy: text("created_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
  },
  (t) => [index("console_access_tokens_user_idx").on(t.userId, t.createdAt)],
);

/** One per person: the listen secret (sealed), their receiver and how far their CLI has forwarded. */
export const consoleListenProfiles = pgTable("console_listen_profiles", {
  userId: text("user_id").primaryKey(),
  /** `whsec_…`, sealed at rest (lib/crypto/secret-box.ts). */
  secret: text("secret").notNull(),
  /** The person's listen receiver (an inbox of purpose "listen"). */
  inboxId: text("inbox_id"),
  /** The newest inbox message seq the person's CLI reported as forwarded: a restart resumes after it. */
  forwardedSeq: bigint("forwarded_seq", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A running (or ended) `listen`: shown on the Inbox page; an administrator may end one. */
export const consoleListenSessions = pgTable(
  "console_listen_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    tokenId: text("token_id").notNull(),
    /** Where the CLI forwards (as the CLI reported it): shown to the person and administrators. */
    forwardTo: text("forward_to").notNull(),
    /** Comma-separated event types asked for with --events; null: every type. */
    eventTypes: text("event_types"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last sign of life: a stream open or its minute check, a delivery report. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    deliveries: integer("deliveries").notNull().default(0),
    lastAt: timestamp("last_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastVerdict: text("last_verdict"),
  },
  (t) => [index("console_listen_sessions_user_idx").on(t.userId, t.startedAt)],
);
