import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifySignature } from "@/lib/webhooks/signature";
import { publishArrival } from "./pubsub";
import { findInboxForReceiver, insertMessage, type MessageRow } from "./store";
import { RESPONSE_MODE_STATUS, TIMEOUT_HOLD_MS, type InboxResponseMode, type StoredVerdict } from "./types";
import { safeError } from "@/lib/observability/safe-error";

/** Bodies past this are refused with 413 while they stream (app/inbox/[id]/route.ts). */
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
/** A short text from the payload; a NUL (escaped as \u0000 in JSON) is dropped: PostgreSQL text cannot hold one. */
function str(value: unknown): string | null {
  const text = typeof value === "string" ? value.replaceAll("\u0000", "").slice(0, 500) : "";
  return text.length > 0 ? text : null;
}

/** Shown of the expected signature on a mismatch: enough to compare, never a whole HMAC for a body a stranger chose. */
export const EXPECTED_PREFIX_CHARS = 12;

/** The verdict on the received bytes with the inbox's secret, at arrival time (300 s tolerance). */
export function judge(
  secret: string | null,
  headers: Record<string, string>,
  rawBody: Uint8Array,
  now: Date,
): StoredVerdict {
  const result = verifySignature({ header: headers[SIGNATURE_HEADER.toLowerCase()], rawBody, secret, now });
  if (result.ok) return { status: "valid", timestamp: result.timestamp };
  return {
    status: result.reason,
    detail: result.detail,
    ageSeconds: result.ageSeconds,
    expected: result.expected ? `${result.expected.slice(0, EXPECTED_PREFIX_CHARS)}…` : undefined,
    received: result.received,
  };
}

/**
 * Headers whose values may be credentials, by a pattern over the name (Cookie, Authorization,
 * X-Api-Key, X-Password, X-Jwt, any token, secret, key, signature, session, bearer, credential,
 * private, access, pwd, hmac), or a value that is one (`Bearer …`, `Basic …`, a JWT, a key
 * prefix, a long random word): stored as "sent", never as
 * their value (issue 42: a list of names missed some). The service's own signature header is
 * kept: the verdict shows it, and it is a MAC, no secret.
 */
const CREDENTIAL_NAME =
  /auth|cookie|token|secret|key|sign|session|pass|pwd|bearer|jwt|credential|otp|csrf|xsrf|private|access|hmac|nonce|cert/i;
const CREDENTIAL_VALUE =
  /^\s*(?:bearer|basic|token|digest)\s+\S|eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.|\b(?:[sprk]k_[a-z]{2,12}_|whsec_|scpat_|gh[pousr]_|xox[abposr]-|AKIA)[A-Za-z0-9]/i;
/**
 * A value that looks like a random credential whatever the header is called (issue 58: X-Private,
 * X-Access… were kept): one word of 20 or more letters, digits and base64 marks, with both
 * letters and digits. Headers whose values are ours or a transport's are read by name instead.
 */
const RANDOM_TOKEN = /^[A-Za-z0-9_\-+/=.~]{20,}$/;
const looksRandom = (value: string) => RANDOM_TOKEN.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
const NOT_SECRET = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "user-agent",
  "host",
  "accept",
  "accept-encoding",
  "connection",
  "date",
  "traceparent",
  "tracestate",
  "x-request-id",
  "x-service-event-id",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
]);
const KEPT = new Set([SIGNATURE_HEADER.toLowerCase()]);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      const lower = name.toLowerCase();
      if (KEPT.has(lower)) return [name, value];
      const byName = CREDENTIAL_NAME.test(name) && !NOT_SECRET.has(lower);
      const byValue = CREDENTIAL_VALUE.test(value) || (!NOT_SECRET.has(lower) && looksRandom(value));
      return [name, byName || byValue ? `[redacted: ${value.length} characters]` : value];
    }),
  );
}

/** Inbox ids are ours (base64url); anything else, a NUL included, is no inbox (404, no query). */
export const INBOX_ID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Stores one request to POST /inbox/<id> whole and tells the owner's open streams. Returns how
 * to answer, or null for an unknown inbox (404, nothing stored).
 */
export async function receive(request: ReceivedRequest): Promise<{ mode: InboxResponseMode; row: MessageRow } | null> {
  const { db } = await getDatabase();
  const inbox = await findInboxForReceiver(db, request.inboxId);
  if (!inbox) return null;
  // Text for storage (the route refused NUL bytes and bodies over the cap). The verdict is over the bytes as received.
  const body = Buffer.from(request.rawBody).toString("utf8");
  const verdict = judge(inbox.secret, request.headers, request.rawBody, request.receivedAt);
  const mode = inbox.responseMode;
  const row = await insertMessage(db, {
    inboxId: inbox.id,
    receivedAt: request.receivedAt,
    method: request.method,
    headers: redactHeaders(request.headers),
    body,
    ...describeEvent(body, request.headers),
    verdict,
    answeredStatus: mode === "timeout" ? null : RESPONSE_MODE_STATUS[mode],
  });
  // Stored first: a notice that fails is a late screen (streams catch up from the rows), never a lost message.
  await publishArrival({ ownerUserId: inbox.ownerUserId, inboxId: inbox.id, seq: row.seq }).catch((error: unknown) =>
    console.error("[inbox] could not notify the live streams:", safeError(error)),
  );
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
