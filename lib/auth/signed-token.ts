import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/auth";

/**
 * A link's token, signed with the console's AUTH_SECRET (the same on every instance) for one
 * purpose (issue 60: payers' links and report downloads had the same HMAC code twice):
 * `base64url(fields joined by "|")` + "." + `base64url(HMAC-SHA256("purpose:payload"))`. A token
 * of one purpose never opens another's door. Fields must not contain "|".
 */
const signature = (purpose: string, payload: string) =>
  createHmac("sha256", authSecret()).update(`${purpose}:${payload}`).digest();

export function signToken(purpose: string, fields: readonly string[]): string {
  const payload = Buffer.from(fields.join("|")).toString("base64url");
  return `${payload}.${signature(purpose, payload).toString("base64url")}`;
}

/** The fields a token of `purpose` carries, or null when it was not signed here for it (or is longer than `maxLength`). */
export function readToken(purpose: string, token: string, maxLength: number): string[] | null {
  if (token.length > maxLength) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(payload, "base64url").toString("utf8").split("|");
}
