import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifySignature } from "@/lib/webhooks/signature";
import { publishArrival } from "./pubsub";
import { findInboxForReceiver, insertMessage, type MessageRow } from "./store";
import { RESPONSE_MODE_STATUS, TIMEOUT_HOLD_MS, type InboxResponseMode, type StoredVerdict } from "./types";

/** Bodies past this are cut (and the cut said in the stored text): a receiver is not a file store. */
export const MAX_BODY_BYTES = 256 * 1024;

export type ReceivedRequest = {
  inboxId: string;
  method: string;
  headers: Record<string, string>;
  rawBody: Uint8Array;
  receivedAt: Date;
};

/** What the event in a body says about itself; nothing when it is not our JSON shape. */
export function describeEvent(body: string, headers: Record<string, string>) {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = null;
  }
  const obj = isRecord(parsed) ? parsed : {};
  const data = isRecord(obj.data) ? obj.data : {};
  const createdAt = str(obj.created_at);
  const createdMs = createdAt ? Date.parse(createdAt) : Number.NaN;
  return {
    eventId: str(obj.id) ?? headers[EVENT_ID_HEADER.toLowerCase()] ?? null,
    eventType: str(obj.type),
    eventCreatedAt: Number.isNaN(createdMs) ? null : new Date(createdMs),
    resourceId: str(data.id),
    resourceStatus: str(data.status),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function str(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value.slice(0, 500) : null;
}

/** The verdict on the received bytes with the inbox's secret, at arrival time (300 s tolerance). */
export function judge(secret: string | null, headers: Record<string, string>, rawBody: Uint8Array, now: Date): StoredVerdict {
  const result = verifySignature({ header: headers[SIGNATURE_HEADER.toLowerCase()], rawBody, secret, now });
  if (result.ok) return { status: "valid", timestamp: result.timestamp };
  return {
    status: result.reason,
    detail: result.detail,
    ageSeconds: result.ageSeconds,
    expected: result.expected,
    received: result.received,
  };
}

/**
 * Stores one request to POST /inbox/<id> whole and tells the owner's open streams. Returns how
 * to answer, or null for an unknown inbox (404, nothing stored).
 */
export async function receive(request: ReceivedRequest): Promise<{ mode: InboxResponseMode; row: MessageRow } | null> {
  const { db } = await getDatabase();
  const inbox = await findInboxForReceiver(db, request.inboxId);
  if (!inbox) return null;
  const bytes = request.rawBody.byteLength > MAX_BODY_BYTES ? request.rawBody.subarray(0, MAX_BODY_BYTES) : request.rawBody;
  // Text for storage; NULs dropped (PostgreSQL text refuses them). The verdict is over the bytes as received.
  const body = Buffer.from(bytes).toString("utf8").replace(/\u0000/g, "\uFFFD");
  const verdict = judge(inbox.secret, request.headers, request.rawBody, request.receivedAt);
  const mode = inbox.responseMode;
  const row = await insertMessage(db, {
    inboxId: inbox.id,
    receivedAt: request.receivedAt,
    method: request.method,
    headers: request.headers,
    body: request.rawBody.byteLength > MAX_BODY_BYTES ? `${body}\n[… cut at ${MAX_BODY_BYTES} bytes of ${request.rawBody.byteLength}]` : body,
    ...describeEvent(body, request.headers),
    verdict,
    answeredStatus: mode === "timeout" ? null : RESPONSE_MODE_STATUS[mode],
  });
  publishArrival({ ownerUserId: inbox.ownerUserId, inboxId: inbox.id, seq: row.seq });
  return { mode, row };
}

/** Waits out the "timeout" mode: longer than the sender's 10 s limit. */
export function holdPastTimeout(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, TIMEOUT_HOLD_MS);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
