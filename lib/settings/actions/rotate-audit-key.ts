"use server";

import { z } from "@/lib/schemas/zod";
import { makeCheckpoint, rotateSigningKey } from "@/lib/audit-log/store";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "@/lib/actions/action";

/**
 * A new signing key for the audit log's checkpoints (issue 47): the old one is retired, kept
 * to verify what it signed, and every bundle still carries its public key. A checkpoint is
 * signed with the new key at once.
 */
export const rotateAuditKey = consoleAction({
  name: "rotateAuditKey",
  permission: "audit:keys",
  // Asked for in so many words: an empty probe changes nothing.
  input: z.object({ rotate: z.literal(true, "Say rotate: true") }),
  run: async () => {
    const { db } = await getDatabase();
    const keyId = await rotateSigningKey(db);
    await makeCheckpoint(db, { force: true });
    return { ok: true, data: { keyId }, audit: { targetId: keyId, detail: `new audit signing key ${keyId}` } };
  },
});
