import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { Executor } from "@/lib/db/database";
import { inboxes, inboxMessages } from "./schema";
import type { InboxMessageView, InboxSummary, LiveArrival, StoredVerdict } from "./types";

/**
 * Storage of the inbox. Every read a person can trigger takes the owner's user id and filters on
 * it: an inbox never shows another user's messages. Only the receiver (public by its
 * unguessable id) looks an inbox up by id alone.
 */

export type InboxRow = typeof inboxes.$inferSelect;

/** 24 random bytes, base64url: the unguessable part of /inbox/<id>. */
export function newInboxId(): string {
  return `ibx_${randomBytes(24).toString("base64url")}`;
}

export function toSummary(row: InboxRow, origin: string): InboxSummary {
  return {
    id: row.id,
    name: row.name,
    url: `${origin}/inbox/${row.id}`,
    hasSecret: Boolean(row.secret),
    webhookId: row.webhookId,
    environment: row.environment,
    responseMode: row.responseMode,
    createdAt: row.createdAt.toISOString(),
    refused: {
      count: row.refusedCount,
      lastAt: row.lastRefusedAt?.toISOString() ?? null,
      lastReason: row.lastRefusedReason,
    },
  };
}

export async function insertInbox(db: Executor, ownerUserId: string, name: string): Promise<InboxRow> {
  const [row] = await db
    .insert(inboxes)
    .values({ id: newInboxId(), ownerUserId, name, createdAt: new Date() })
    .returning();
  return row;
}

/** The inboxes made on the Inbox page (a person's listen receiver is shown as their listening sessions instead). */
export async function listOwnedInboxes(db: Executor, ownerUserId: string): Promise<InboxRow[]> {
  return db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.ownerUserId, ownerUserId), eq(inboxes.purpose, "inbox")))
    .orderBy(desc(inboxes.createdAt));
}

export async function findOwnedInbox(db: Executor, ownerUserId: string, id: string): Promise<InboxRow | null> {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.id, id), eq(inboxes.ownerUserId, ownerUserId)))
    .limit(1);
  return opened(row);
}

/** For the receiver only: the id is the credential. */
export async function findInboxForReceiver(db: Executor, id: string): Promise<InboxRow | null> {
  const [row] = await db.select().from(inboxes).where(eq(inboxes.id, id)).limit(1);
  return opened(row);
}

/** The secret is sealed at rest (lib/crypto/secret-box.ts); rows handed out carry it open. */
function opened(row: InboxRow | undefined): InboxRow | null {
  if (!row) return null;
  return row.secret ? { ...row, secret: openSecret(row.secret) } : row;
}

export async function updateOwnedInbox(
  db: Executor,
  ownerUserId: string,
  id: string,
  change: Partial<Pick<InboxRow, "secret" | "webhookId" | "environment" | "responseMode" | "name">>,
): Promise<InboxRow | null> {
  const sealed = change.secret ? { ...change, secret: sealSecret(change.secret) } : change;
  const [row] = await db
    .update(inboxes)
    .set(sealed)
    .where(and(eq(inboxes.id, id), eq(inboxes.ownerUserId, ownerUserId)))
    .returning();
  return opened(row);
}

export async function deleteOwnedInbox(db: Executor, ownerUserId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(inboxes)
    .where(and(eq(inboxes.id, id), eq(inboxes.ownerUserId, ownerUserId)))
    .returning({ id: inboxes.id });
  return rows.length > 0;
}

/** Whether this person has an inbox registered as a webhook endpoint (the live stream's hello). */
export async function hasRegisteredInbox(db: Executor, ownerUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.ownerUserId, ownerUserId), isNotNull(inboxes.webhookId)))
    .limit(1);
  return Boolean(row);
}

export type MessageRow = typeof inboxMessages.$inferSelect;

export function toMessageView(row: MessageRow): InboxMessageView {
  return {
    seq: row.seq,
    number: row.number ?? row.seq,
    inboxId: row.inboxId,
    receivedAt: row.receivedAt.toISOString(),
    method: row.method,
    headers: row.headers,
    body: row.body,
    eventId: row.eventId,
    eventType: row.eventType,
    eventCreatedAt: row.eventCreatedAt ? row.eventCreatedAt.toISOString() : null,
    resourceId: row.resourceId,
    resourceStatus: row.resourceStatus,
    verdict: row.verdict,
    duplicateOf: row.duplicateOf,
    duplicateOfNumber: row.duplicateOf === null ? null : (row.duplicateOfNumber ?? row.duplicateOf),
    outOfOrder: row.outOfOrder,
    answeredStatus: row.answeredStatus,
  };
}

/**
 * Messages of an inbox this person owns, oldest first: the newest `limit`, or (catch-up after a
 * reconnect) every one after `afterSeq`.
 */
export async function listOwnedMessages(
  db: Executor,
  ownerUserId: string,
  inboxId: string,
  options: { afterSeq?: number; limit?: number } = {},
): Promise<MessageRow[]> {
  const limit = options.limit ?? 200;
  const owned = and(
    eq(inboxMessages.inboxId, inboxId),
    eq(inboxes.ownerUserId, ownerUserId),
    options.afterSeq !== undefined ? gt(inboxMessages.seq, options.afterSeq) : undefined,
  );
  const base = db
    .select({ m: inboxMessages })
    .from(inboxMessages)
    .innerJoin(inboxes, eq(inboxes.id, inboxMessages.inboxId))
    .where(owned);
  if (options.afterSeq !== undefined) {
    return (await base.orderBy(asc(inboxMessages.seq)).limit(limit)).map((r) => r.m);
  }
  return (await base.orderBy(desc(inboxMessages.seq)).limit(limit)).map((r) => r.m).reverse();
}

export async function findOwnedMessage(
  db: Executor,
  ownerUserId: string,
  inboxId: string,
  seq: number,
): Promise<MessageRow | null> {
  const [row] = await db
    .select({ m: inboxMessages })
    .from(inboxMessages)
    .innerJoin(inboxes, eq(inboxes.id, inboxMessages.inboxId))
    .where(and(eq(inboxMessages.seq, seq), eq(inboxMessages.inboxId, inboxId), eq(inboxes.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.m ?? null;
}

/** Arrivals at any of this person's inboxes after `afterSeq` (the app-wide live stream's catch-up). */
export async function listOwnedArrivals(
  db: Executor,
  ownerUserId: string,
  afterSeq: number,
  limit = 200,
): Promise<LiveArrival[]> {
  const rows = await db
    .select({
      seq: inboxMessages.seq,
      inboxId: inboxMessages.inboxId,
      environment: inboxes.environment,
      eventType: inboxMessages.eventType,
      resourceId: inboxMessages.resourceId,
      resourceStatus: inboxMessages.resourceStatus,
    })
    .from(inboxMessages)
    .innerJoin(inboxes, eq(inboxes.id, inboxMessages.inboxId))
    .where(and(eq(inboxes.ownerUserId, ownerUserId), gt(inboxMessages.seq, afterSeq)))
    .orderBy(asc(inboxMessages.seq))
    .limit(limit);
  return rows;
}

export type NewMessage = Omit<MessageRow, "seq" | "number" | "duplicateOf" | "duplicateOfNumber" | "outOfOrder"> & {
  verdict: StoredVerdict;
};

/**
 * Stores one received request, marking it a duplicate (an earlier message carried the same
 * event id) or out of order (an earlier message about the same resource had a newer
 * created_at). One arrival per inbox at a time, so two copies racing in are still told apart.
 */
export async function insertMessage(db: Executor, message: NewMessage): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    // Serializes arrivals of one inbox (PGlite runs one transaction at a time anyway).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`inbox:${message.inboxId}`}))`);
    // The inbox's own count (under the lock above, so two arrivals never share a number).
    const [last] = await tx
      .select({ number: inboxMessages.number, seq: inboxMessages.seq })
      .from(inboxMessages)
      .where(eq(inboxMessages.inboxId, message.inboxId))
      .orderBy(desc(inboxMessages.seq))
      .limit(1);
    const number = (last ? (last.number ?? 0) : 0) + 1;
    let duplicateOf: number | null = null;
    let duplicateOfNumber: number | null = null;
    if (message.eventId) {
      const [first] = await tx
        .select({ seq: inboxMessages.seq, number: inboxMessages.number })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.inboxId, message.inboxId), eq(inboxMessages.eventId, message.eventId)))
        .orderBy(asc(inboxMessages.seq))
        .limit(1);
      duplicateOf = first?.seq ?? null;
      duplicateOfNumber = first?.number ?? null;
    }
    let outOfOrder = false;
    if (message.resourceId && message.eventCreatedAt) {
      const [newer] = await tx
        .select({ seq: inboxMessages.seq })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.inboxId, message.inboxId),
            eq(inboxMessages.resourceId, message.resourceId),
            gt(inboxMessages.eventCreatedAt, message.eventCreatedAt),
          ),
        )
        .limit(1);
      outOfOrder = Boolean(newer);
    }
    const [row] = await tx
      .insert(inboxMessages)
      .values({ ...message, number, duplicateOf, duplicateOfNumber, outOfOrder })
      .returning();
    return row;
  });
}

/** The newest message seq across this person's inboxes (0 when none): where a fresh live stream starts. */
export async function latestOwnedSeq(db: Executor, ownerUserId: string): Promise<number> {
  const [row] = await db
    .select({ seq: inboxMessages.seq })
    .from(inboxMessages)
    .innerJoin(inboxes, eq(inboxes.id, inboxMessages.inboxId))
    .where(eq(inboxes.ownerUserId, ownerUserId))
    .orderBy(desc(inboxMessages.seq))
    .limit(1);
  return row?.seq ?? 0;
}
