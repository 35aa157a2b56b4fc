/**
 * The inbox as the browser sees it (no secret, ever): receivers, the messages they got and the
 * signature verdict of each. Browser-safe types and labels only.
 */

/** How a receiver answers: 200, 500, 410, or no answer before the sender's 10 s timeout. */
export const INBOX_RESPONSE_MODES = ["ok", "error", "gone", "timeout"] as const;
export type InboxResponseMode = (typeof INBOX_RESPONSE_MODES)[number];

/** The receiver holds a "timeout" request this long: past the sender's 10 s limit. */
export const TIMEOUT_HOLD_MS = 11_000;

export const RESPONSE_MODE_LABELS: Record<InboxResponseMode, string> = {
  ok: "200 OK",
  error: "500 Internal Server Error",
  gone: "410 Gone",
  timeout: "No answer for 11 s (past the 10 s timeout)",
};

export const RESPONSE_MODE_STATUS: Record<InboxResponseMode, number> = { ok: 200, error: 500, gone: 410, timeout: 200 };

export type VerdictReason = "no_secret" | "malformed_header" | "timestamp_outside_tolerance" | "signature_mismatch";

/** The signature check at arrival, as stored. */
export type StoredVerdict =
  | { status: "valid"; timestamp: number }
  | {
      status: VerdictReason;
      detail: string;
      /** Arrival time minus the header's t, seconds (negative: from the future). */
      ageSeconds?: number;
      /** The signature computed over the received bytes with the inbox's secret. */
      expected?: string;
      /** The v1 signatures the header carried. */
      received?: string[];
    };

export type InboxSummary = {
  id: string;
  name: string;
  /** Where senders POST: the console's own origin + /inbox/<id>. */
  url: string;
  hasSecret: boolean;
  webhookId: string | null;
  environment: "sandbox" | "production" | null;
  responseMode: InboxResponseMode;
  createdAt: string;
  /** Requests refused by the inbox's caps (lib/inbox/caps.ts), the last one's time and reason. */
  refused: { count: number; lastAt: string | null; lastReason: string | null };
};

/** keepInboxSecret's answer: the inbox, and the endpoint that posted here before and still does (its deliveries will not verify now), if any. */
export type KeptSecret = InboxSummary & { stillSending: { id: string; url: string } | null };

export type InboxMessageView = {
  seq: number;
  /** The inbox's own count, from 1 (older rows: the seq). */
  number: number;
  inboxId: string;
  receivedAt: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  eventId: string | null;
  eventType: string | null;
  eventCreatedAt: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
  verdict: StoredVerdict;
  duplicateOf: number | null;
  /** The first message's number, when this one repeats it. */
  duplicateOfNumber: number | null;
  outOfOrder: boolean;
  answeredStatus: number | null;
};

/** What the app-wide live stream says about one arrival (enough to invalidate caches). */
export type LiveArrival = {
  seq: number;
  inboxId: string;
  environment: "sandbox" | "production" | null;
  eventType: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
};

/** The first frame of the app-wide live stream: whether any inbox of this person can receive events. */
export type LiveHello = { registered: boolean };

/** What one public receiver may cost (enforced by lib/inbox/caps.ts). Browser-safe. */
export const INBOX_CAPS = {
  /** Messages kept per inbox; past it new ones are refused until old ones expire or the inbox is emptied. */
  messagesPerInbox: 500,
  /** Messages older than this are deleted by housekeeping. */
  retentionDays: 7,
  /** Inboxes one person may own. */
  inboxesPerPerson: 20,
  /** Requests one inbox accepts per second (wall clock second). */
  requestsPerSecond: 20,
} as const;

export const INBOX_LIMITS_TEXT = `Keeps ${INBOX_CAPS.messagesPerInbox} messages for ${INBOX_CAPS.retentionDays} days; accepts ${INBOX_CAPS.requestsPerSecond} requests a second and bodies up to 256 KiB. Past a limit, senders get 429 or 413.`;
