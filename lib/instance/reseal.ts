import "server-only";
import { and, eq, isNotNull, notLike } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { inboxes } from "@/lib/inbox/schema";
import { noticeChannels } from "@/lib/notices/schema";
import type { Db } from "@/lib/db/database";
import { webhookEndpoints } from "@/lib/service/store/schema";
import { keyId, openSecret, SEALED_PREFIX, sealSecret, type SecretKeys } from "@/lib/crypto/secret-box";

/**
 * Seals every stored secret that is not sealed with the current key: rows from before
 * encryption (the first start after upgrading) and rows sealed with the previous key (a
 * rotation). Each row is rewritten only if it still holds what was read, so instances doing
 * this at once never overwrite each other. Returns how many rows of each kind changed.
 */
export async function resealSecrets(
  db: Db,
  keys: SecretKeys,
): Promise<{ webhooks: number; inboxes: number; channels: number }> {
  if (!keys.current) return { webhooks: 0, inboxes: 0, channels: 0 };
  // Only the rows not yet sealed with the current key are read (each start runs this).
  const current = `${SEALED_PREFIX}${keyId(keys.current)}:%`;
  const column = (table: PgTable, id: PgColumn, secret: PgColumn, key: string) =>
    resealColumn(db, keys, current, { table, id, secret, key });
  return {
    webhooks:
      (await column(webhookEndpoints, webhookEndpoints.id, webhookEndpoints.secret, "secret")) +
      // An old secret still overlapping a rotation (issue 63) is a secret too.
      (await column(webhookEndpoints, webhookEndpoints.id, webhookEndpoints.previousSecret, "previousSecret")),
    inboxes: await column(inboxes, inboxes.id, inboxes.secret, "secret"),
    // A team's chat webhook URL is its channel's credential (issue 64).
    channels: await column(noticeChannels, noticeChannels.id, noticeChannels.url, "url"),
  };
}

/** Re-seals one secret column of a table (`key`: its property name): how many rows changed. */
async function resealColumn(
  db: Db,
  keys: SecretKeys,
  currentPattern: string,
  { table, id, secret, key }: { table: PgTable; id: PgColumn; secret: PgColumn; key: string },
): Promise<number> {
  const rows = (await db
    .select({ id, secret })
    .from(table)
    .where(and(isNotNull(secret), notLike(secret, currentPattern)))) as Array<{ id: string; secret: string | null }>;
  let changed = 0;
  for (const row of rows) {
    if (!row.secret) continue;
    const sealed = sealSecret(openSecret(row.secret, keys), keys);
    const done = await db
      .update(table)
      .set({ [key]: sealed } as never)
      .where(and(eq(id, row.id), eq(secret, row.secret)))
      .returning({ id });
    changed += done.length;
  }
  return changed;
}
