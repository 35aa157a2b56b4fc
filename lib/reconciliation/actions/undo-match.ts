"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { unmatch } from "@/lib/reconciliation/work";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Undoes a match: its expected settlements and movements are open again. */
export const undoMatch = consoleAction({
  name: "undoMatch",
  permission: "reconciliation:run",
  input: z.object({ matchId: idSchema }),
  run: async ({ matchId }, { environment, actor }) => {
    const { db } = await getDatabase();
    const done = await unmatch(db, environment, matchId, actor.email);
    if (!done.ok) return { ...refused(done.error.code, done.error.message), audit: { targetId: matchId } };
    return { ok: true, data: { id: matchId }, audit: { targetId: matchId, environment } };
  },
});
