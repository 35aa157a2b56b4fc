import "server-only";

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signing (the service's outbox) and verifying (the dashboard's inbox), one module for
 * both sides (decisions D9). Header: `X-Service-Signature: t=<unix>,v1=<hex>`, where the
 * signature is hex HMAC-SHA256 keyed with the secret string as-is over `${t}.${rawBody}`. The
 * scheme matches Stripe's, so its verifier accepts our headers.
 */

export const SIGNATURE_HEADER = "X-Service-Signature";
export const EVENT_ID_HEADER = "X-Service-Event-Id";
/** On a delivery a replay sends again (issue 63): the replay's id. */
export const REPLAY_HEADER = "X-Service-Replay";
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** `whsec_` + base64url of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Lowercase hex HMAC-SHA256 of `${t}.${rawBody}`; a byte body is signed as received. */
export function computeSignature(secret: string, rawBody: string | Uint8Array, unixSeconds: number): string {
  const hmac = createHmac("sha256", secret);
  hmac.update(`${unixSeconds}.`, "utf8");
  if (typeof rawBody === "string") hmac.update(rawBody, "utf8");
  else hmac.update(rawBody);
  return hmac.digest("hex");
}

/**
 * `t=<unix>,v1=<hex>`, no spaces; with several secrets (a rotation's overlap, issue 63) one `v1`
 * each, the newest first: a receiver accepts the header when any of them checks out, as Stripe's does.
 */
export function signatureHeader(
  secret: string | readonly string[],
  rawBody: string | Uint8Array,
  unixSeconds: number,
): string {
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0) {
    throw new RangeError(`unixSeconds must be a non-negative integer, got ${unixSeconds}`);
  }
  const secrets = typeof secret === "string" ? [secret] : secret;
  return `t=${unixSeconds},${secrets.map((s) => `v1=${computeSignature(s, rawBody, unixSeconds)}`).join(",")}`;
}

export type VerifyFailureReason =
  | "no_secret"
  | "malformed_header"
  | "timestamp_outside_tolerance"
  | "signature_mismatch";

export type VerifyResult =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      reason: VerifyFailureReason;
      detail: string;
      /** Now minus the header's timestamp, in seconds (negative: from the future). */
      ageSeconds?: number;
      /** The signature computed over the received bytes with the given secret. */
      expected?: string;
      /** The v1 signatures the header carried, lowercased. */
      received?: string[];
    };

export interface VerifyInput {
  header: string | null | undefined;
  rawBody: string | Uint8Array;
  secret: string | null | undefined;
  now?: Date;
  /** Largest accepted |age| in seconds, either direction; Infinity disables the check. */
  toleranceSeconds?: number;
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;
const UNIX_SECONDS = /^\d{1,15}$/;

type Parsed = { ok: true; timestamp: number; signatures: string[] } | { ok: false; detail: string };

/** Parses `t=<unix>,v1=<hex>[,v1=<hex>...]`; other schemes (v0, ...) are ignored. */
export function parseSignatureHeader(header: string): Parsed {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const part = item.trim();
    const eq = part.indexOf("=");
    if (eq <= 0) return { ok: false, detail: `expected key=value pairs, got "${part}"` };
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === "t") {
      if (timestamp !== null) return { ok: false, detail: "more than one t= entry" };
      if (!UNIX_SECONDS.test(value)) return { ok: false, detail: `t must be unix seconds, got "${value}"` };
      timestamp = Number(value);
    } else if (key === "v1") {
      if (!HEX_SIGNATURE.test(value)) return { ok: false, detail: "v1 must be 64 hex characters" };
      signatures.push(value.toLowerCase());
    }
  }
  if (timestamp === null) return { ok: false, detail: "no t= entry" };
  if (signatures.length === 0) return { ok: false, detail: "no v1= entry" };
  return { ok: true, timestamp, signatures };
}

/**
 * Checks a received delivery. Order: secret, header shape, signature, then timestamp age, so a
 * mismatch is reported even on an old delivery and an "outside tolerance" result means the
 * signature itself was good (a replay or a slow clock). All v1 entries are tried, in constant time.
 */
export function verifySignature(input: VerifyInput): VerifyResult {
  const { header, rawBody, secret } = input;
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!secret) return { ok: false, reason: "no_secret", detail: "no signing secret is configured for this endpoint" };
  if (!header || header.trim() === "") {
    return { ok: false, reason: "malformed_header", detail: `the ${SIGNATURE_HEADER} header is missing` };
  }
  const parsed = parseSignatureHeader(header);
  if (!parsed.ok) return { ok: false, reason: "malformed_header", detail: parsed.detail };

  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const ageSeconds = nowSeconds - parsed.timestamp;
  const expected = computeSignature(secret, rawBody, parsed.timestamp);
  const expectedBytes = Buffer.from(expected, "hex");
  let matched = false;
  for (const candidate of parsed.signatures) {
    // Every entry is compared (no early exit); all are 32 bytes after the header check.
    if (timingSafeEqual(expectedBytes, Buffer.from(candidate, "hex"))) matched = true;
  }
  if (!matched) {
    return {
      ok: false,
      reason: "signature_mismatch",
      detail:
        "no v1 signature matches the one computed over the received body with this secret; " +
        "if the body arrived unchanged, the secret differs",
      ageSeconds,
      expected,
      received: parsed.signatures,
    };
  }
  if (Math.abs(ageSeconds) > tolerance) {
    const when = ageSeconds >= 0 ? `${ageSeconds} s old` : `${-ageSeconds} s in the future`;
    return {
      ok: false,
      reason: "timestamp_outside_tolerance",
      detail: `the signature is valid but its timestamp is ${when}; at most ${tolerance} s is accepted`,
      ageSeconds,
    };
  }
  return { ok: true, timestamp: parsed.timestamp };
}
