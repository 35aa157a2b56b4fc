import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/auth";

/**
 * A report's download link (decisions D24.10): `/reports/download/<token>` names the run and
 * when the link ends, signed with the console's AUTH_SECRET (the same on every instance). It
 * opens that run's file, or its manifest, without signing in, until it expires.
 */
const PURPOSE = "report-download:v1";
export const LINK_HOURS = 24;

const signature = (payload: string) => createHmac("sha256", authSecret()).update(`${PURPOSE}:${payload}`).digest();

export function signDownload(runId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${runId}|${Math.floor(expiresAt.getTime() / 1000)}`).toString("base64url");
  return `${payload}.${signature(payload).toString("base64url")}`;
}

export function downloadPath(runId: string, now = new Date()): string {
  return `/reports/download/${signDownload(runId, new Date(now.getTime() + LINK_HOURS * 3_600_000))}`;
}

/** The run a token opens, "expired", or null when it was not signed here. */
export function readDownload(token: string, now = new Date()): { runId: string } | "expired" | null {
  if (token.length > 300) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [runId, expires] = Buffer.from(payload, "base64url").toString("utf8").split("|");
  if (!runId || !expires || !/^\d+$/.test(expires)) return null;
  return Number(expires) * 1000 <= now.getTime() ? "expired" : { runId };
}
