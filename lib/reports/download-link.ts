import "server-only";
import { readToken, signToken } from "@/lib/auth/signed-token";

/**
 * A report's download link (decisions D24.10): `/reports/download/<token>` names the run and
 * when the link ends, signed with the console's AUTH_SECRET (the same on every instance). It
 * opens that run's file, or its manifest, without signing in, until it expires.
 */
const PURPOSE = "report-download:v1";
export const LINK_HOURS = 24;

export function signDownload(runId: string, expiresAt: Date): string {
  return signToken(PURPOSE, [runId, String(Math.floor(expiresAt.getTime() / 1000))]);
}

export function downloadPath(runId: string, now = new Date()): string {
  return `/reports/download/${signDownload(runId, new Date(now.getTime() + LINK_HOURS * 3_600_000))}`;
}

/** The run a token opens, "expired", or null when it was not signed here. */
export function readDownload(token: string, now = new Date()): { runId: string } | "expired" | null {
  const fields = readToken(PURPOSE, token, 300);
  if (!fields) return null;
  const [runId, expires] = fields;
  if (!runId || !expires || !/^\d+$/.test(expires)) return null;
  return Number(expires) * 1000 <= now.getTime() ? "expired" : { runId };
}
