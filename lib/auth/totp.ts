/**
 * Authenticator-app codes (TOTP, RFC 6238 over HOTP, RFC 4226): HMAC-SHA1, 6 digits, 30-second
 * steps, the form every authenticator app reads from an `otpauth://` URI. Pure: the second-factor
 * store (lib/auth/second-factor.ts) keeps the secret sealed and the last step used.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { base32nopad } from "@scure/base";

export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** A code of the step before or after is accepted too: phones' clocks drift. */
export const TOTP_WINDOW = 1;

/** A secret as authenticator apps take it: RFC 4648 base32 without padding (@scure/base). */
export const base32Encode = (bytes: Uint8Array): string => base32nopad.encode(bytes);

/** A secret back to bytes; spaces, dashes, padding and lower case as people paste them are fine. */
export function base32Decode(text: string): Buffer {
  try {
    return Buffer.from(base32nopad.decode(text.toUpperCase().replace(/[\s=-]/g, "")));
  } catch {
    throw new Error("Not base32");
  }
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value of `counter` (RFC 4226 §5.3), `digits` long. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step a moment falls in. */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator shows at `ms` for a base32 secret. */
export function totpAt(secretBase32: string, ms: number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secretBase32), stepAt(ms), digits);
}

/**
 * The step a typed code matches, within the drift window, or null. A step at or before
 * `lastUsedStep` never matches: a code seen once (over a shoulder, in a log) cannot be replayed.
 */
export function matchingStep(
  secretBase32: string,
  code: string,
  ms: number,
  lastUsedStep: number | null,
): number | null {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return null;
  const secret = base32Decode(secretBase32);
  const now = stepAt(ms);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(typed))) return step;
  }
  return null;
}

/** What an authenticator app scans or is typed: `otpauth://totp/<issuer>:<email>?secret=…`. */
export function otpauthUri(secretBase32: string, email: string, issuer = "Settlement Console"): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
