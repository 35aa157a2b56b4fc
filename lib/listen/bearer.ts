import "server-only";
import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { can, type Permission } from "@/lib/auth/permissions";
import { countInWindow, currentCount } from "@/lib/db/rate-window";
import { requestAddress } from "@/lib/auth/request-origin";
import { getDatabase } from "@/lib/db/connection";
import { checkToken, type TokenHolder } from "./tokens";

/**
 * The CLI's door (app/api/cli/*): `Authorization: Bearer <personal access token>`, nothing else
 * (no cookie, no query string). Wrong tokens are counted per client address in the database
 * (every instance shares the count) and audited, rolled up per address and hour; past
 * TOKEN_FAILURES.max in a window the address is refused before any lookup (decisions D18.1).
 */
export const TOKEN_FAILURES = { max: 20, windowSeconds: 15 * 60 } as const;

export type CliError = {
  status: 400 | 401 | 403 | 404 | 409 | 410 | 429;
  code: string;
  message: string;
  retryAfterSeconds?: number;
};

export function cliError(error: CliError): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
  return NextResponse.json({ error: { code: error.code, message: error.message } }, { status: error.status, headers });
}

/** The person behind a CLI request, who must also hold `permission` in sandbox; or the refusal to send. */
export async function authenticateCli(
  request: Request,
  permission: Permission,
  action: string,
): Promise<{ ok: true; holder: TokenHolder } | { ok: false; error: CliError }> {
  const header = request.headers.get("authorization") ?? "";
  const presented = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!presented) {
    return {
      ok: false,
      error: {
        status: 401,
        code: "missing_token",
        message: "Send a personal access token: Authorization: Bearer <token>.",
      },
    };
  }
  const { db } = await getDatabase();
  const address = await requestAddress();
  const failureKey = `cli-token:${address ?? "unknown"}`;
  // A valid token always gets in (a token is 256 random bits: the count bounds noise, not a real
  // guess); only wrong ones are counted and, past the limit, refused (issue 42: junk tokens from
  // one address locked the valid ones out).
  const checked = await checkToken(db, presented);
  if (!checked.ok) {
    // Only an unknown token is a guess. One the console knows (revoked, expired, its person
    // disabled) always gets its own reason, never the address's 429: a CLI stops on it instead
    // of retrying.
    const guess = checked.code === "invalid_token";
    if (guess && (await currentCount(db, failureKey, TOKEN_FAILURES.windowSeconds)) >= TOKEN_FAILURES.max) {
      return {
        ok: false,
        error: {
          status: 429,
          code: "too_many_attempts",
          message: "Too many wrong tokens from this address. Try again in 15 minutes.",
          retryAfterSeconds: TOKEN_FAILURES.windowSeconds,
        },
      };
    }
    if (guess) await countInWindow(db, failureKey, TOKEN_FAILURES.windowSeconds);
    await recordAudit({
      actor: null,
      action,
      result: checked.code,
      detail: address ? `from ${address}` : null,
      rollUp: failureKey,
    });
    return { ok: false, error: { status: 401, code: checked.code, message: checked.message } };
  }
  if (!can(checked.holder.role, permission, "sandbox")) {
    await recordAudit({ actor: actorOf(checked.holder), action, environment: "sandbox", result: "forbidden" });
    return {
      ok: false,
      error: {
        status: 403,
        code: "forbidden",
        message: `Your role (${checked.holder.role}) cannot do this in sandbox.`,
      },
    };
  }
  return { ok: true, holder: checked.holder };
}

/** A token holder as the audit trail records them. */
export const actorOf = (holder: TokenHolder) => ({ userId: holder.userId, email: holder.email, role: holder.role });
