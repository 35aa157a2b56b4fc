import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { FilterClause } from "@/lib/schemas/event-filter";
import type { WebhookDeliveryStatus, WebhookStatus } from "@/lib/state-machine";
import { accounts, events } from "./core";

/** Webhook endpoints (decisions D9): one registry for /v0 and /v1, per account and environment. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    url: text("url").notNull(),
    description: text("description"),
    events: text("events").array().notNull(),
    /** A payload condition beside the types (issue 63, D9.16): as the fan-out reads it, and as written. */
    filter: jsonb("filter").$type<{ all: FilterClause[] }>(),
    filterText: text("filter_text"),
    /** The signing secret: HMAC keys must be usable, so it is stored as is (shown once over the API). */
    secret: text("secret").notNull(),
    /** The secret before the last rotation: it signs too until it expires (issue 63). Sealed like `secret`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true, mode: "date" }),
    /** Deliveries per second at most, across every instance (issue 63); null: no rate limit. */
    maxPerSecond: integer("max_per_second"),
    status: text("status").$type<WebhookStatus>().notNull(),
    /** Health (issue 63, D9.15), on the account's clock: since when every attempt failed (null after a success). */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true, mode: "date" }),
    /** The last failure in a few words ("HTTP 500", "timed out after 10 s"). */
    lastFailure: text("last_failure"),
    failingWarnedAt: timestamp("failing_warned_at", { withTimezone: true, mode: "date" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    disabledReason: text("disabled_reason"),
    /** The failure policy: warn after this long of only failures; disable after that long (null: never). */
    warnAfterSeconds: integer("warn_after_seconds").notNull().default(86_400),
    disableAfterSeconds: integer("disable_after_seconds"),
    /** A rehearsed outage (sandbox): attempts before this instant fail without a send, as `outage_mode` says. */
    outageUntil: timestamp("outage_until", { withTimezone: true, mode: "date" }),
    outageMode: text("outage_mode").$type<"http_500" | "timeout">(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("webhook_endpoints_owner_idx").on(t.accountId, t.environment, t.createdAt)],
);

/**
 * One row per (endpoint, event): the delivery's state. `next_attempt_at` is when it is due; a
 * worker that claims it moves it to the end of its lease, so a crashed worker's claim comes due
 * again by itself.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id),
    eventType: text("event_type").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull(),
    attemptCount: integer("attempt_count").notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    /** The replay that sent it again (issue 63); null for a delivery on its own schedule. */
    replayId: text("replay_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    unique("webhook_deliveries_webhook_event_key").on(t.webhookId, t.eventId),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
  ],
);

/** Every attempt: time, HTTP status, duration, the first 1 KiB of the answer, the error. */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    httpStatus: integer("http_status"),
    durationMs: integer("duration_ms").notNull(),
    responseBody: text("response_body"),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

/** When a throttled endpoint's next send may start (issue 63): every instance reserves its sends here. */
export const webhookEndpointPacing = pgTable("webhook_endpoint_pacing", {
  webhookId: text("webhook_id")
    .primaryKey()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  nextSendAt: timestamp("next_send_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Replays by range (issue 63): what each took and how many it sent again. */
export const webhookReplays = pgTable(
  "webhook_replays",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    rangeFrom: timestamp("range_from", { withTimezone: true, mode: "date" }).notNull(),
    rangeTo: timestamp("range_to", { withTimezone: true, mode: "date" }).notNull(),
    onlyFailed: boolean("only_failed").notNull(),
    types: text("types").array(),
    count: integer("count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("webhook_replays_endpoint_idx").on(t.webhookId, t.rangeFrom)],
);
