"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { assignException as assign } from "@/lib/reconciliation/exceptions-store";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Takes an open exception (assigned to oneself) or gives it back to the queue. */
export const assignException = consoleAction({
  name: "assignException",
  permission: "reconciliation:run",
  input: z.object({ exceptionId: idSchema, take: z.boolean() }),
  run: async ({ exceptionId, take }, { environment, actor }) => {
    const { db } = await getDatabase();
    const row = await assign(db, environment, exceptionId, take ? actor.email : null);
    if (!row) return { ...refused("not_open", "This exception is no longer open."), audit: { targetId: exceptionId } };
    return {
      ok: true,
      data: { id: row.id, assignedTo: row.assignedTo },
      audit: { targetId: exceptionId, environment, detail: take ? "taken" : "given back" },
    };
  },
});
