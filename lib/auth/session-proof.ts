import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { consoleSessions } from "./schema";

/**
 * A session proved its second factor now (issue 43): a code from the app, a recovery code or a
 * passkey. Sign-in waits for it, and a production approval needs it recent.
 */
export async function markProved(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(consoleSessions).set({ secondFactorAt: at }).where(eq(consoleSessions.id, sessionId));
}
