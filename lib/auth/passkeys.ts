import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { consolePasskeys, consoleVerifications } from "./schema";
import { markProved, passkeyMethod } from "./session-proof";
import { b64url, newChallenge, PASSKEY_ALGORITHMS, verifyAssertion, verifyRegistration } from "./webauthn";

/**
 * Each person's passkeys (issue 43, decisions D19.9, D13.20): WebAuthn credentials that prove the
 * second factor at sign-in and for a step-up, beside the authenticator app, checked by
 * @simplewebauthn/server with user verification required. The challenge of each
 * ceremony is kept in the database for five minutes (any instance may get the answer) and is
 * used up by the answer, right or wrong.
 */

const CHALLENGE_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;

/**
 * Where the ceremony runs: the console's origin and its host name (the relying party id), and
 * any other origins the same install answers on (PASSKEY_EXTRA_ORIGINS, for multi-domain installs).
 */
export type RelyingParty = { origin: string; rpId: string; name: string; extraOrigins?: readonly string[] };
const originsOf = (rp: RelyingParty) => [rp.origin, ...(rp.extraOrigins ?? [])];
type Person = { userId: string; email: string; name: string; sessionId: string };

export type PasskeyView = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced to other devices (a password manager, a phone's cloud) or bound to this one. */
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
};

export async function listPasskeys(db: Executor, userId: string): Promise<PasskeyView[]> {
  const rows = await db
    .select()
    .from(consolePasskeys)
    .where(eq(consolePasskeys.userId, userId))
    .orderBy(asc(consolePasskeys.createdAt))
    .limit(MAX_PASSKEYS);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    deviceType: r.deviceType,
    backedUp: r.backedUp,
  }));
}

const identifier = (kind: "create" | "get", sessionId: string) => `webauthn-${kind}:${sessionId}`;

async function keepChallenge(db: Executor, kind: "create" | "get", sessionId: string): Promise<string> {
  const challenge = newChallenge();
  await db.delete(consoleVerifications).where(lt(consoleVerifications.expiresAt, new Date()));
  await db.delete(consoleVerifications).where(eq(consoleVerifications.identifier, identifier(kind, sessionId)));
  await db.insert(consoleVerifications).values({
    id: `wa_${randomBytes(12).toString("base64url")}`,
    identifier: identifier(kind, sessionId),
    value: challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return challenge;
}

/** The session's challenge for this ceremony, used up now (a second answer finds none). */
async function takeChallenge(db: Executor, kind: "create" | "get", sessionId: string): Promise<string | null> {
  const rows = await queryRows<{ value: string }>(
    db,
    sql`delete from console_verifications where identifier = ${identifier(kind, sessionId)} and expires_at > now() returning value`,
  );
  return rows[0]?.value ?? null;
}

/** The options `navigator.credentials.create()` is called with (JSON: binary fields base64url). */
export async function registrationOptions(db: Executor, person: Person, rp: RelyingParty) {
  const existing = await listPasskeys(db, person.userId);
  return {
    challenge: await keepChallenge(db, "create", person.sessionId),
    rp: { id: rp.rpId, name: rp.name },
    user: { id: b64url.encode(Buffer.from(person.userId)), name: person.email, displayName: person.name },
    pubKeyCredParams: PASSKEY_ALGORITHMS.map((alg) => ({ type: "public-key" as const, alg })),
    // A passkey that cannot verify its person (a PIN, a fingerprint) is refused: a touch alone never approves money.
    authenticatorSelection: { residentKey: "preferred" as const, userVerification: "required" as const },
    attestation: "none" as const,
    timeout: CHALLENGE_MS,
    excludeCredentials: existing.map((p) => ({ type: "public-key" as const, id: p.id })),
  };
}

/** Checks and keeps a new passkey; the session has proved the second factor with it. */
export async function finishRegistration(
  db: Executor,
  person: Person,
  rp: RelyingParty,
  answer: { id: string; clientDataJSON: string; attestationObject: string },
  name: string,
): Promise<{ ok: true; passkey: PasskeyView } | { ok: false; reason: string }> {
  const challenge = await takeChallenge(db, "create", person.sessionId);
  if (!challenge) return { ok: false, reason: "The request for a passkey expired: start again." };
  const checked = await verifyRegistration(answer, { challenge, origins: originsOf(rp), rpId: rp.rpId });
  if (!checked.ok) return checked;
  if ((await listPasskeys(db, person.userId)).length >= MAX_PASSKEYS)
    return { ok: false, reason: `At most ${MAX_PASSKEYS} passkeys: remove one first.` };
  const [row] = await db
    .insert(consolePasskeys)
    .values({
      id: checked.credentialId,
      userId: person.userId,
      name,
      cosePublicKey: checked.cosePublicKey,
      deviceType: checked.deviceType,
      backedUp: checked.backedUp,
      signCount: checked.signCount,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, reason: "This passkey is already registered." };
  await markProved(db, person.sessionId, new Date(), passkeyMethod(checked));
  return {
    ok: true,
    passkey: {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: null,
      deviceType: row.deviceType,
      backedUp: row.backedUp,
    },
  };
}

/** The options `navigator.credentials.get()` is called with: the person's own passkeys only. */
export async function assertionOptions(db: Executor, person: Person, rp: RelyingParty) {
  const mine = await listPasskeys(db, person.userId);
  return {
    challenge: await keepChallenge(db, "get", person.sessionId),
    rpId: rp.rpId,
    allowCredentials: mine.map((p) => ({ type: "public-key" as const, id: p.id })),
    userVerification: "required" as const,
    timeout: CHALLENGE_MS,
  };
}

/**
 * Checks a passkey's answer against the session's challenge and the person's own key, moves its
 * counter (only from the value read, so a replay racing it fails) and marks the session proved.
 */
export async function finishAssertion(
  db: Executor,
  person: Person,
  rp: RelyingParty,
  answer: { id: string; clientDataJSON: string; authenticatorData: string; signature: string },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const challenge = await takeChallenge(db, "get", person.sessionId);
  if (!challenge) return { ok: false, reason: "The passkey request expired: try again." };
  const [key] = await db
    .select()
    .from(consolePasskeys)
    .where(and(eq(consolePasskeys.id, answer.id), eq(consolePasskeys.userId, person.userId)))
    .limit(1);
  if (!key) return { ok: false, reason: "That passkey is not one of yours here." };
  const checked = await verifyAssertion(
    answer,
    { challenge, origins: originsOf(rp), rpId: rp.rpId },
    { id: key.id, cosePublicKey: key.cosePublicKey, publicKeyJwk: key.publicKey, signCount: key.signCount },
  );
  if (!checked.ok) return checked;
  const moved = await db
    .update(consolePasskeys)
    .set({ signCount: checked.signCount, lastUsedAt: new Date(), backedUp: checked.backedUp })
    .where(and(eq(consolePasskeys.id, key.id), eq(consolePasskeys.signCount, key.signCount)))
    .returning({ id: consolePasskeys.id });
  if (moved.length === 0) return { ok: false, reason: "That passkey was just used: try again." };
  await markProved(
    db,
    person.sessionId,
    new Date(),
    passkeyMethod({ deviceType: key.deviceType, backedUp: checked.backedUp }),
  );
  return { ok: true };
}

export async function removePasskey(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(consolePasskeys)
    .where(and(eq(consolePasskeys.id, id), eq(consolePasskeys.userId, userId)))
    .returning({ id: consolePasskeys.id });
  return rows.length === 1;
}
