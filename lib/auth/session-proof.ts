import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { consoleSessions, type ProofMethod } from "./schema";

/**
 * A session proved its second factor now (issue 43): a code from the app, a recovery code or a
 * passkey. Sign-in waits for it, and a production approval needs it recent.
 */
export async function markProved(db: Executor, sessionId: string, at: Date, method: ProofMethod): Promise<void> {
  await db
    .update(consoleSessions)
    .set({ secondFactorAt: at, secondFactorMethod: method })
    .where(eq(consoleSessions.id, sessionId));
}

/** A passkey bound to one device: not synced and not backed up (the key cannot leave it). */
export const passkeyMethod = (key: { deviceType: string; backedUp: boolean }): ProofMethod =>
  key.deviceType === "singleDevice" && !key.backedUp ? "device_passkey" : "passkey";
