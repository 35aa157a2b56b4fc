import "server-only";
import { and, eq, isNotNull, notLike } from "drizzle-orm";
import { inboxes } from "@/lib/inbox/schema";
import type { Db } from "@/lib/db/database";
import { webhookEndpoints } from "@/lib/service/store/schema";
import { keyId, openSecret, SEALED_PREFIX, sealSecret, type SecretKeys } from "@/lib/crypto/secret-box";

/**
 * Seals every stored secret that is not sealed with the current key: rows from before
 * encryption (the first start after upgrading) and rows sealed with the previous key (a
 * rotation). Each row is rewritten only if it still holds what was read, so instances doing
 * this at once never overwrite each other. Returns how many rows of each kind changed.
 */
export async function resealSecrets(db: Db, keys: SecretKeys): Promise<{ webhooks: number; inboxes: number }> {
  const counts = { webhooks: 0, inboxes: 0 };
  if (!keys.current) return counts;
  // Only the rows not yet sealed with the current key are read (each start runs this).
  const current = `${SEALED_PREFIX}${keyId(keys.current)}:%`;
  const endpoints = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(notLike(webhookEndpoints.secret, current));
  for (const row of endpoints) {
    const sealed = sealSecret(openSecret(row.secret, keys), keys);
    const done = await db
      .update(webhookEndpoints)
      .set({ secret: sealed })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)))
      .returning({ id: webhookEndpoints.id });
    counts.webhooks += done.length;
  }
  // An old secret still overlapping a rotation (issue 63) is a secret too.
  const previous = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .where(and(isNotNull(webhookEndpoints.previousSecret), notLike(webhookEndpoints.previousSecret, current)));
  for (const row of previous) {
    if (!row.secret) continue;
    const sealed = sealSecret(openSecret(row.secret, keys), keys);
    const done = await db
      .update(webhookEndpoints)
      .set({ previousSecret: sealed })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.previousSecret, row.secret)))
      .returning({ id: webhookEndpoints.id });
    counts.webhooks += done.length;
  }
  const boxes = await db
    .select({ id: inboxes.id, secret: inboxes.secret })
    .from(inboxes)
    .where(and(isNotNull(inboxes.secret), notLike(inboxes.secret, current)));
  for (const row of boxes) {
    if (!row.secret) continue;
    const sealed = sealSecret(openSecret(row.secret, keys), keys);
    const done = await db
      .update(inboxes)
      .set({ secret: sealed })
      .where(and(eq(inboxes.id, row.id), eq(inboxes.secret, row.secret)))
      .returning({ id: inboxes.id });
    counts.inboxes += done.length;
  }
  return counts;
}
