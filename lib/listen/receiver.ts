import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { inboxes } from "@/lib/inbox/schema";
import { inboxOrigin, pointsAtInbox } from "@/lib/inbox/owner";
import { findOwnedInbox, newInboxId, updateOwnedInbox, type InboxRow } from "@/lib/inbox/store";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import type { Executor } from "@/lib/db/database";
import { createWebhook, deleteWebhook, getWebhook, updateWebhook, type ApiFailure } from "@/lib/settlement-api";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { consoleListenProfiles } from "./schema";

/**
 * Each person's listen receiver (decisions D18.2): an inbox of purpose "listen" that the sandbox
 * delivers every event type to, as to any webhook endpoint. The service signs each delivery;
 * the receiver stores the bytes as they came, so the CLI forwards exactly what was signed, and a
 * day of them is kept for a CLI that was asleep. The person's listen secret (`whsec_…`) is made
 * once and kept sealed: the CLI's re-signed deliveries verify with it across restarts.
 */
export type ListenProfile = { userId: string; secret: string; inboxId: string | null; forwardedSeq: number };

export async function profileOf(db: Executor, userId: string): Promise<ListenProfile> {
  await db
    .insert(consoleListenProfiles)
    .values({ userId, secret: sealSecret(generateWebhookSecret()) })
    .onConflictDoNothing({ target: consoleListenProfiles.userId });
  const [row] = await db.select().from(consoleListenProfiles).where(eq(consoleListenProfiles.userId, userId)).limit(1);
  return { userId, secret: openSecret(row.secret), inboxId: row.inboxId, forwardedSeq: row.forwardedSeq };
}

/** Records that the person's CLI forwarded message `seq` (a restart resumes after the newest). */
export async function noteForwarded(db: Executor, userId: string, seq: number): Promise<void> {
  await db
    .update(consoleListenProfiles)
    .set({ forwardedSeq: sql`greatest(${consoleListenProfiles.forwardedSeq}, ${seq})` })
    .where(eq(consoleListenProfiles.userId, userId));
}

export type Receiver = { inbox: InboxRow; profile: ListenProfile };

/**
 * The person's receiver, made and registered with the sandbox if it is not (or no longer)
 * there: a deleted endpoint is registered again, a disabled one enabled. No transaction spans
 * the API calls (the embedded service shares the database); two first streams racing each make
 * one, and the loser deletes its own.
 */
export async function ensureReceiver(
  db: Executor,
  person: { userId: string; email: string },
): Promise<{ ok: true; receiver: Receiver } | { ok: false; error: ApiFailure }> {
  let profile = await profileOf(db, person.userId);
  let inbox = profile.inboxId ? await findOwnedInbox(db, person.userId, profile.inboxId) : null;
  if (!inbox) {
    const [made] = await db
      .insert(inboxes)
      .values({
        id: newInboxId(),
        ownerUserId: person.userId,
        name: `listen: ${person.email}`.slice(0, 80),
        purpose: "listen",
        environment: "sandbox",
        createdAt: new Date(),
      })
      .returning();
    const claimed = await db
      .update(consoleListenProfiles)
      .set({ inboxId: made.id })
      .where(
        and(
          eq(consoleListenProfiles.userId, person.userId),
          profile.inboxId ? eq(consoleListenProfiles.inboxId, profile.inboxId) : isNull(consoleListenProfiles.inboxId),
        ),
      )
      .returning({ inboxId: consoleListenProfiles.inboxId });
    if (claimed.length === 0) await db.delete(inboxes).where(eq(inboxes.id, made.id));
    profile = await profileOf(db, person.userId);
    inbox = profile.inboxId ? await findOwnedInbox(db, person.userId, profile.inboxId) : null;
    if (!inbox)
      return { ok: false, error: { kind: "network", message: "The listen receiver could not be made; try again." } };
  }
  const registered = await ensureEndpoint(db, person, inbox);
  if (!registered.ok) return registered;
  return { ok: true, receiver: { inbox: registered.inbox, profile } };
}

const receiverUrl = (inbox: InboxRow) => `${inboxOrigin()}/inbox/${inbox.id}`;

async function ensureEndpoint(
  db: Executor,
  person: { userId: string; email: string },
  inbox: InboxRow,
): Promise<{ ok: true; inbox: InboxRow } | { ok: false; error: ApiFailure }> {
  if (inbox.webhookId) {
    const found = await getWebhook("sandbox", inbox.webhookId);
    if (found.ok && pointsAtInbox(found.data.url, inbox.id)) {
      if (found.data.status === "ACTIVE") return { ok: true, inbox };
      const enabled = await updateWebhook("sandbox", inbox.webhookId, { status: "ACTIVE" });
      return enabled.ok ? { ok: true, inbox } : { ok: false, error: enabled.error };
    }
    if (found.ok) await deleteWebhook("sandbox", inbox.webhookId);
    else if (found.error.kind !== "api" || found.error.status !== 404) return { ok: false, error: found.error };
  }
  const created = await createWebhook("sandbox", {
    url: receiverUrl(inbox),
    events: [...EVENT_TYPES],
    description: `settlement-console listen: ${person.email}`.slice(0, 500),
  });
  if (!created.ok) return { ok: false, error: created.error };
  const updated = await updateOwnedInbox(db, person.userId, inbox.id, {
    webhookId: created.data.id,
    secret: created.data.secret ?? null,
  });
  return updated
    ? { ok: true, inbox: updated }
    : { ok: false, error: { kind: "network", message: "The listen receiver went away; try again." } };
}

/** A fresh session id: `lsn_` + 12 random bytes. */
export const newSessionId = (): string => `lsn_${randomBytes(12).toString("base64url")}`;
