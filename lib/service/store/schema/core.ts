import { bytea } from "./bytea";
import { ownerKey } from "./owner-key";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** An account holds keys, data and balances in both environments. */
export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** API keys, stored as SHA-256 hashes; the key decides account and environment. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("api_keys_account_idx").on(t.accountId)],
);

/**
 * Fixed one-minute windows per key, shared by every instance: `count` is the slots handed out so
 * far (never above the limit), `lastGrant` what the latest claim received.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    apiKeyId: text("api_key_id").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    lastGrant: integer("last_grant").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.windowStart] })],
);

/** Idempotency records per API key (decisions D3). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    apiKeyId: text("api_key_id").notNull(),
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_flight" | "done">().notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.scope, t.key] })],
);

/** The transactional outbox: one row per event, written in the transaction of its change. */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    accountId: uuid("account_id").notNull(),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    type: text("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Rows written before migration 0025 only; later rows carry `body`. */
    data: jsonb("data").$type<Record<string, unknown>>(),
    /** The resource as packed JSON (packed-json.ts, migration 0025). */
    body: bytea("body"),
    /** data.id, and data.settlement_request_id or data.disbursement_id: the events list's resource filter. */
    resourceId: text("resource_id"),
    parentId: text("parent_id"),
    owner: ownerKey(),
  },
  // Indexes: migration 0025 (on the owner key, ending in time).
);
