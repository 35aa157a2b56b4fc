import "server-only";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { inboxMessages } from "@/lib/inbox/schema";
import type { MessageRow } from "@/lib/inbox/store";
import type { Executor } from "@/lib/db/database";
import {
  DEFAULT_TOLERANCE_SECONDS,
  EVENT_ID_HEADER,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signatureHeader,
} from "@/lib/webhooks/signature";
import type { ListenDelivery } from "./types";

/**
 * From a stored arrival to the frame the CLI forwards (decisions D18.3). The body is the bytes
 * the receiver got, base64, never parsed. It is re-signed with the person's listen secret at the
 * original delivery's t= while that is within the 5-minute tolerance, and at now for anything
 * older (a catch-up after a sleep, a --since replay), so a handler that checks the tolerance
 * accepts it.
 *
 * Only an arrival whose service signature checked out is signed (issue 42): the receiver's URL
 * needs no credential, so anyone who learns it can post to it, and re-signing what they post
 * would hand a forged event to the developer's handler with a valid signature. Any other
 * arrival goes out with no signature at all and `refused` set; the CLI shows it and forwards
 * nothing.
 */
export function deliveryFrame(row: MessageRow, listenSecret: string, now: Date): ListenDelivery {
  const bytes = Buffer.from(row.body, "utf8");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const original = originalTimestamp(row.headers[SIGNATURE_HEADER.toLowerCase()]);
  const fresh = original === null || Math.abs(nowSeconds - original) > DEFAULT_TOLERANCE_SECONDS;
  const t = fresh ? nowSeconds : original;
  const genuine = row.verdict.status === "valid";
  const headers: Record<string, string> = {
    "Content-Type": row.headers["content-type"] ?? "application/json",
  };
  if (genuine) headers[SIGNATURE_HEADER] = signatureHeader(listenSecret, bytes, t);
  if (row.eventId) headers[EVENT_ID_HEADER] = row.eventId;
  return {
    seq: row.seq,
    event_id: row.eventId,
    event_type: row.eventType,
    received_at: row.receivedAt.toISOString(),
    service_signature: row.verdict.status,
    body_base64: bytes.toString("base64"),
    headers,
    signed_at: t,
    resigned_fresh: fresh,
    ...(genuine ? {} : { refused: `service signature ${row.verdict.status}: not forwarded` }),
  };
}

function originalTimestamp(header: string | undefined): number | null {
  if (!header) return null;
  const parsed = parseSignatureHeader(header);
  return parsed.ok ? parsed.timestamp : null;
}

/** Arrivals at the receiver after `afterSeq`, oldest first, of the asked types only (a page at a time). */
export async function arrivalsAfter(
  db: Executor,
  inboxId: string,
  afterSeq: number,
  types: string[] | null,
  limit = 100,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.inboxId, inboxId),
        gt(inboxMessages.seq, afterSeq),
        types ? inArray(inboxMessages.eventType, types) : undefined,
      ),
    )
    .orderBy(asc(inboxMessages.seq))
    .limit(limit);
}

/** The newest seq that arrived before `before` (0 when none): a stream that starts there replays from `before`. */
export async function lastSeqBefore(db: Executor, inboxId: string, before: Date): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${inboxMessages.seq})` })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.inboxId, inboxId), lt(inboxMessages.receivedAt, before)));
  return Number(row?.seq ?? 0);
}
