/**
 * What the browser and the CLI see of `settlement-console listen` (browser-safe, no secret).
 */

/** One listening session as the Inbox page lists it. */
export type ListenSessionView = {
  id: string;
  person: { email: string; name: string };
  forwardTo: string;
  eventTypes: string[] | null;
  startedAt: string;
  seenAt: string;
  /** live: its stream shows signs of life; quiet: none for 90 s (asleep, killed); ended: stopped or ended by someone. */
  state: "live" | "quiet" | "ended";
  endedAt: string | null;
  endedReason: string | null;
  deliveries: number;
  last: { at: string; status: number | null; verdict: string } | null;
};

/** A personal access token as the Account page lists it. */
export type AccessTokenView = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  createdBy: string | null;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/**
 * One `delivery` frame of the listen stream: the bytes the service signed (base64), re-signed
 * with the person's listen secret. `id` of the SSE frame is `seq`.
 */
export type ListenDelivery = {
  seq: number;
  event_id: string | null;
  event_type: string | null;
  /** When the console's receiver got it from the service. */
  received_at: string;
  /** Whether the service's own signature checked out at arrival. */
  service_signature: "valid" | (string & {});
  /** The body exactly as the service signed and sent it. */
  body_base64: string;
  /** Headers to send with it: Content-Type, the event id, and the signature with the listen secret. */
  headers: Record<string, string>;
  /** The t= of that signature: the original delivery's, or now for one older than 5 minutes. */
  signed_at: number;
  /** True when t= was renewed (a replay or a catch-up older than 5 minutes). */
  resigned_fresh: boolean;
  /**
   * Set when the arrival's service signature did not check out (forged, stale, unsigned): the
   * frame carries no signature and the CLI does not forward it.
   */
  refused?: string;
};

/** The first frame of the listen stream. */
export type ListenHello = {
  session_id: string;
  person: string;
  /** The message seq the stream resumes after. */
  after: number;
  /** How it chose where to start: the CLI's Last-Event-ID, --since, where the CLI last stopped, or now. */
  start: "last-event-id" | "since" | "resume" | "now";
  event_types: string[] | null;
};

/** The frame that ends a stream for good: the CLI stops instead of reconnecting. */
export type ListenEnd = { reason: string };
