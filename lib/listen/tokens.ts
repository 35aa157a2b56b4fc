import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { consoleUsers } from "@/lib/auth/schema";
import { isRole, type Role } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { TOKEN_LIFETIME } from "./duration";
import { consoleAccessTokens } from "./schema";

/**
 * Personal access tokens for the `settlement-console` CLI (decisions D18.1). A token is
 * `scpat_` + 32 random bytes (base64url), shown once; only its SHA-256 is stored. Every token is
 * scoped to the sandbox and to listen (with trigger), expires, and can be revoked. A token
 * works only while its person is enabled and their role may use the inbox in sandbox.
 */
export const TOKEN_PREFIX = "scpat_";
export const TOKEN_SCOPES = ["sandbox", "listen"] as const;
const TOKEN_SHAPE = /^scpat_[A-Za-z0-9_-]{43}$/;

export type TokenRow = typeof consoleAccessTokens.$inferSelect;
/** A token as lists show it: never its hash. */
export type TokenView = Omit<TokenRow, "tokenHash">;

export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

export function looksLikeToken(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

export async function createToken(
  db: Executor,
  input: { userId: string; name: string; expiresInSeconds?: number; createdBy: string; now?: Date },
): Promise<{ token: string; view: TokenView }> {
  const now = input.now ?? new Date();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(consoleAccessTokens)
    .values({
      id: `pat_${randomBytes(9).toString("base64url")}`,
      userId: input.userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      scopes: [...TOKEN_SCOPES],
      createdAt: now,
      createdBy: input.createdBy,
      expiresAt: new Date(now.getTime() + (input.expiresInSeconds ?? TOKEN_LIFETIME.defaultSeconds) * 1000),
    })
    .returning();
  return { token, view: toView(row) };
}

function toView(row: TokenRow): TokenView {
  const { tokenHash: _hash, ...view } = row;
  return view;
}

export async function listTokens(db: Executor, userId: string, limit = 50): Promise<TokenView[]> {
  const rows = await db
    .select()
    .from(consoleAccessTokens)
    .where(eq(consoleAccessTokens.userId, userId))
    .orderBy(desc(consoleAccessTokens.createdAt))
    .limit(limit);
  return rows.map(toView);
}

/** Revokes one of `userId`'s tokens (any person's, for `npm run tokens`, when userId is null). */
export async function revokeToken(
  db: Executor,
  tokenId: string,
  userId: string | null,
  by: string,
  now = new Date(),
): Promise<TokenView | null> {
  const [row] = await db
    .update(consoleAccessTokens)
    .set({ revokedAt: now, revokedBy: by })
    .where(
      and(
        eq(consoleAccessTokens.id, tokenId),
        userId ? eq(consoleAccessTokens.userId, userId) : undefined,
        isNull(consoleAccessTokens.revokedAt),
      ),
    )
    .returning();
  return row ? toView(row) : null;
}

/** Who a token speaks for, once it checked out. */
export type TokenHolder = { tokenId: string; userId: string; email: string; name: string; role: Role };

export type TokenCheck =
  | { ok: true; holder: TokenHolder }
  | { ok: false; code: "invalid_token" | "token_revoked" | "token_expired" | "person_disabled"; message: string };

/**
 * Checks a presented token: known, not revoked, not expired, its person enabled with a known
 * role (a disabled person's tokens stop at once: this reads the person on every call).
 */
export async function checkToken(db: Executor, presented: string, now = new Date()): Promise<TokenCheck> {
  if (!looksLikeToken(presented))
    return { ok: false, code: "invalid_token", message: "That is not a settlement-console token." };
  const [row] = await db
    .select({
      token: consoleAccessTokens,
      user: {
        email: consoleUsers.email,
        name: consoleUsers.name,
        role: consoleUsers.role,
        disabled: consoleUsers.disabled,
      },
    })
    .from(consoleAccessTokens)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleAccessTokens.userId))
    .where(eq(consoleAccessTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (!row) return { ok: false, code: "invalid_token", message: "This token is not known to the console." };
  if (row.token.revokedAt) {
    return {
      ok: false,
      code: "token_revoked",
      message: `This token was revoked on ${row.token.revokedAt.toISOString()}. Make a new one on the Account page.`,
    };
  }
  if (row.token.expiresAt <= now) {
    return {
      ok: false,
      code: "token_expired",
      message: `This token expired on ${row.token.expiresAt.toISOString()}. Make a new one on the Account page.`,
    };
  }
  if (row.user.disabled || !isRole(row.user.role)) {
    return {
      ok: false,
      code: "person_disabled",
      message: "The person this token belongs to is disabled in the console.",
    };
  }
  // At most one write a minute per token: "last used" is for people, not an access log.
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > 60_000) {
    await db.update(consoleAccessTokens).set({ lastUsedAt: now }).where(eq(consoleAccessTokens.id, row.token.id));
  }
  return {
    ok: true,
    holder: {
      tokenId: row.token.id,
      userId: row.token.userId,
      email: row.user.email,
      name: row.user.name,
      role: row.user.role,
    },
  };
}

/** Whether `tokenId` still works (the stream's minute check): not revoked or expired, its person enabled. */
export async function tokenStillValid(db: Executor, tokenId: string): Promise<boolean> {
  const [row] = await db
    .select({
      ok: sql<boolean>`${consoleAccessTokens.revokedAt} is null and ${consoleAccessTokens.expiresAt} > now() and not ${consoleUsers.disabled}`,
    })
    .from(consoleAccessTokens)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleAccessTokens.userId))
    .where(eq(consoleAccessTokens.id, tokenId))
    .limit(1);
  return row?.ok === true;
}
