import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { InboxResponseMode, StoredVerdict } from "./types";

/**
 * The dashboard's webhook inbox: receivers at unguessable URLs owned by one console user, and
 * every request they received, stored whole. Created by
 * lib/db/migrations/0008_inbox.ts.
 */
export const inboxes = pgTable(
  "inboxes",
  {
    /** The unguessable part of POST /inbox/<id>: 24 random bytes, base64url. */
    id: text("id").primaryKey(),
    /** console_users.id: only this person ever sees the inbox or its messages. */
    ownerUserId: text("owner_user_id").notNull(),
    name: text("name").notNull(),
    /** The signing secret of the endpoint that sends here; never leaves the server. */
    secret: text("secret"),
    /** The webhook endpoint registered for this inbox (sandbox), when there is one. */
    webhookId: text("webhook_id"),
    environment: text("environment").$type<"sandbox" | "production">(),
    responseMode: text("response_mode").$type<InboxResponseMode>().notNull().default("ok"),
    /** "inbox": made on the Inbox page; "listen": a person's `settlement-console listen` receiver (lib/listen). */
    purpose: text("purpose").$type<"inbox" | "listen">().notNull().default("inbox"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The per-second budget: which second, and requests counted in it (lib/inbox/caps.ts). */
    rateSecond: timestamp("rate_second", { withTimezone: true }),
    rateCount: integer("rate_count").notNull().default(0),
    /** Requests refused by a cap, and the last one's time and reason: shown to the owner. */
    refusedCount: integer("refused_count").notNull().default(0),
    lastRefusedAt: timestamp("last_refused_at", { withTimezone: true }),
    lastRefusedReason: text("last_refused_reason"),
  },
  (t) => [index("inboxes_owner_idx").on(t.ownerUserId, t.createdAt)],
);

export const inboxMessages = pgTable(
  "inbox_messages",
  {
    /** Order of arrival; also the SSE event id (Last-Event-ID catch-up). */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    inboxId: text("inbox_id")
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    method: text("method").notNull(),
    /** Every header as received (lower-case names). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    /** The raw body bytes, decoded as UTF-8 text. */
    body: text("body").notNull(),
    eventId: text("event_id"),
    eventType: text("event_type"),
    eventCreatedAt: timestamp("event_created_at", { withTimezone: true }),
    resourceId: text("resource_id"),
    resourceStatus: text("resource_status"),
    /** The signature check at arrival (it depends on the time of arrival). */
    verdict: jsonb("verdict").$type<StoredVerdict>().notNull(),
    /** This inbox's own count, from 1: what a person reads ("#3"). */
    number: integer("number"),
    /** seq of the first message with the same event id, when this one repeats it. */
    duplicateOf: bigint("duplicate_of", { mode: "number" }),
    /** That first message's number. */
    duplicateOfNumber: integer("duplicate_of_number"),
    /** An older created_at than one already seen for the same resource. */
    outOfOrder: boolean("out_of_order").notNull().default(false),
    /** What the receiver answered (null: it waited past the sender's timeout). */
    answeredStatus: integer("answered_status"),
  },
  (t) => [
    index("inbox_messages_inbox_idx").on(t.inboxId, t.seq),
    index("inbox_messages_event_idx").on(t.inboxId, t.eventId),
    index("inbox_messages_resource_idx").on(t.inboxId, t.resourceId),
  ],
);
