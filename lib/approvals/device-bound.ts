import "server-only";
import { eq } from "drizzle-orm";
import { consoleSessions, type ProofMethod } from "@/lib/auth/schema";
import type { Executor } from "@/lib/db/database";
import { consoleSettings } from "./schema";

/**
 * The policy "approvers use device-bound keys" (issue 61, decisions D19.15): when an administrator
 * turns it on, a production approval's step-up must be a passkey bound to one device (a security
 * key, or a platform key that is neither synced nor backed up), not a code and not a synced
 * passkey, since a code or a synced key can be copied to a device the person does not hold.
 */
const KEY = "approvers_device_bound_keys";

export async function deviceBoundApprovers(db: Executor): Promise<boolean> {
  const [row] = await db.select().from(consoleSettings).where(eq(consoleSettings.key, KEY)).limit(1);
  return row?.value === true;
}

export async function setDeviceBoundApprovers(db: Executor, on: boolean, by: string): Promise<void> {
  await db
    .insert(consoleSettings)
    .values({ key: KEY, value: on, updatedBy: by, updatedAt: new Date() })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value: on, updatedBy: by, updatedAt: new Date() } });
}

/** How this session last proved its second factor; null: not recorded (before migration 0049, or carried over). */
export async function proofMethod(db: Executor, sessionId: string): Promise<ProofMethod | null> {
  const [row] = await db
    .select({ method: consoleSessions.secondFactorMethod })
    .from(consoleSessions)
    .where(eq(consoleSessions.id, sessionId))
    .limit(1);
  return row?.method ?? null;
}
