import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { queryRows, type Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { isRole, type Role } from "./permissions";
import { consolePasskeys, consoleSecondFactors, consoleSessions, consoleUsers, type ProofMethod } from "./schema";
import { matchingStep, newTotpSecret, otpauthUri } from "./totp";
import { listPasskeys } from "./passkeys";
import { markProved } from "./session-proof";

/**
 * Each person's second factor (issue 43, decisions D13.18): an authenticator app (TOTP) with ten
 * one-time recovery codes. Setting one up, using it and removing it are the actions' business
 * (lib/actions/*-second-factor.ts, throttled and audited); this is what they read and write.
 */

/** How long a proof of the second factor counts for a step-up (a production approval): STEP_UP_SECONDS, 5 minutes by default. */
export const stepUpSeconds = (): number => env().STEP_UP_SECONDS;
export const RECOVERY_CODE_COUNT = 10;
const REQUIRED_ROLES_KEY = "second_factor_required_roles";

/** Where a session stands: no factor set up, one set up but not yet proved here, proved, or required and missing. */
export type SecondFactorState = "off" | "pending" | "verified" | "setup-required";

export function secondFactorState(p: {
  enabled: boolean;
  provedAt: Date | null;
  role: Role;
  requiredRoles: readonly Role[];
}): SecondFactorState {
  if (p.enabled) return p.provedAt ? "verified" : "pending";
  return p.requiredRoles.includes(p.role) ? "setup-required" : "off";
}

/** True when the session proved its second factor within the step-up window. */
export function isFreshProof(provedAt: Date | null, now = Date.now()): boolean {
  return provedAt !== null && now - provedAt.getTime() <= stepUpSeconds() * 1000;
}

export const hashRecoveryCode = (code: string): string =>
  createHash("sha256").update(code.trim().toLowerCase().replace(/\s/g, "")).digest("hex");

/** Ten codes such as `k3m9-q2xa-7fpd`: 60 random bits each, easy to read aloud and type. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Roles an administrator requires a second factor of (the console's settings). */
export function parseRequiredRoles(value: unknown): Role[] {
  return Array.isArray(value) ? value.filter(isRole) : [];
}

export async function requiredRoles(db: Executor): Promise<Role[]> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select value from console_settings where key = ${REQUIRED_ROLES_KEY}`,
  );
  return parseRequiredRoles(row?.value);
}

export async function setRequiredRoles(db: Executor, roles: readonly Role[], by: string): Promise<void> {
  const value = JSON.stringify([...new Set(roles)]);
  await db.execute(
    sql`insert into console_settings (key, value, updated_by, updated_at) values (${REQUIRED_ROLES_KEY}, ${value}::jsonb, ${by}, now())
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** The person's confirmed factor, or null. */
async function confirmedFactor(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(consoleSecondFactors)
    .where(and(eq(consoleSecondFactors.userId, userId), isNotNull(consoleSecondFactors.confirmedAt)))
    .limit(1);
  return row ?? null;
}

export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return (await confirmedFactor(db, userId)) !== null;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const row = await confirmedFactor(db, userId);
  return row ? row.recoveryCodes.length : 0;
}

/**
 * Starts setting up an authenticator app: a new secret, not asked for until confirmed. Refused
 * (null) while one is already confirmed: it must be removed first, with a fresh proof.
 */
export async function beginSetup(
  db: Executor,
  person: { userId: string; email: string },
): Promise<{ secret: string; uri: string } | null> {
  if (await confirmedFactor(db, person.userId)) return null;
  const secret = newTotpSecret();
  await db
    .insert(consoleSecondFactors)
    .values({ userId: person.userId, totpSecret: sealSecret(secret) })
    .onConflictDoUpdate({
      target: consoleSecondFactors.userId,
      set: {
        totpSecret: sealSecret(secret),
        confirmedAt: null,
        lastStep: null,
        recoveryCodes: [],
        updatedAt: new Date(),
      },
      where: isNull(consoleSecondFactors.confirmedAt),
    });
  return { secret, uri: otpauthUri(secret, person.email) };
}

/**
 * Confirms the app being set up with its first code: the factor is on from now, the session has
 * proved it, and the recovery codes (returned once, stored hashed) are made. Null: wrong code or
 * nothing being set up.
 */
export async function confirmSetup(
  db: Executor,
  person: { userId: string; sessionId: string },
  code: string,
  now = new Date(),
): Promise<string[] | null> {
  const [pending] = await db
    .select()
    .from(consoleSecondFactors)
    .where(and(eq(consoleSecondFactors.userId, person.userId), isNull(consoleSecondFactors.confirmedAt)))
    .limit(1);
  if (!pending) return null;
  const step = matchingStep(openSecret(pending.totpSecret), code, now.getTime(), null);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const confirmed = await db
    .update(consoleSecondFactors)
    .set({ confirmedAt: now, lastStep: step, recoveryCodes: codes.map(hashRecoveryCode), updatedAt: now })
    .where(and(eq(consoleSecondFactors.userId, person.userId), isNull(consoleSecondFactors.confirmedAt)))
    .returning({ userId: consoleSecondFactors.userId });
  if (confirmed.length === 0) return null;
  await db
    .update(consoleUsers)
    .set({ secondFactorEnabled: true, updatedAt: now })
    .where(eq(consoleUsers.id, person.userId));
  await markProved(db, person.sessionId, now, "code");
  return codes;
}

/**
 * Checks a code from the app (a step never used before) or an unused recovery code (used up by
 * this): each consumed in one conditional statement, so two racing requests cannot both use it.
 * On success the session has proved the second factor now.
 */
export async function proveSecondFactor(
  db: Executor,
  person: { userId: string; sessionId: string },
  code: string,
  now = new Date(),
): Promise<"app" | "recovery" | null> {
  const factor = await confirmedFactor(db, person.userId);
  if (!factor) return null;
  const typed = code.trim();
  if (/^\d[\d\s]*$/.test(typed)) {
    const step = matchingStep(openSecret(factor.totpSecret), typed, now.getTime(), factor.lastStep);
    if (step === null) return null;
    const used = await queryRows<{ user_id: string }>(
      db,
      sql`update console_second_factors set last_step = ${step}, updated_at = now()
          where user_id = ${person.userId} and (last_step is null or last_step < ${step}) returning user_id`,
    );
    if (used.length === 0) return null;
    await markProved(db, person.sessionId, now, "code");
    return "app";
  }
  const hash = hashRecoveryCode(typed);
  const used = await queryRows<{ user_id: string }>(
    db,
    sql`update console_second_factors set recovery_codes = recovery_codes - ${hash}::text, updated_at = now()
        where user_id = ${person.userId} and confirmed_at is not null and recovery_codes ? ${hash}::text returning user_id`,
  );
  if (used.length === 0) return null;
  await markProved(db, person.sessionId, now, "code");
  return "recovery";
}

/** Removes the person's second factor (theirs with a fresh proof, or an administrator's reset). */
export async function removeSecondFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(consoleSecondFactors).where(eq(consoleSecondFactors.userId, userId));
  // Passkeys are part of the same second factor: they go with it.
  await db.delete(consolePasskeys).where(eq(consolePasskeys.userId, userId));
  await db
    .update(consoleUsers)
    .set({ secondFactorEnabled: false, updatedAt: new Date() })
    .where(eq(consoleUsers.id, userId));
}

/** After a password change replaced the session: the person's sessions without a proof get this one's. */
export async function carryProof(
  db: Executor,
  userId: string,
  provedAt: Date,
  method: ProofMethod | null = null,
): Promise<void> {
  await db
    .update(consoleSessions)
    .set({ secondFactorAt: provedAt, secondFactorMethod: method })
    .where(and(eq(consoleSessions.userId, userId), isNull(consoleSessions.secondFactorAt)));
}

/** What the Account page shows of a person's second factor. */
export async function secondFactorSummary(
  db: Executor,
  person: { userId: string; role: Role },
): Promise<{
  on: boolean;
  since: string | null;
  recoveryCodesLeft: number;
  required: boolean;
  passkeys: Awaited<ReturnType<typeof listPasskeys>>;
}> {
  const [factor, roles, passkeys] = await Promise.all([
    confirmedFactor(db, person.userId),
    requiredRoles(db),
    listPasskeys(db, person.userId),
  ]);
  return {
    on: factor !== null,
    passkeys,
    since: factor?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: factor?.recoveryCodes.length ?? 0,
    required: roles.includes(person.role),
  };
}
