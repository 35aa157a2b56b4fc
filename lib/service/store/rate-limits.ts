import "server-only";
import { lt } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { rateLimitWindows } from "./schema";

/** Counting happens in caller-lookup.ts (with the key look-up); old windows are pruned here. */
export async function pruneRateLimitWindows(db: Executor, olderThan: number): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, olderThan));
}
