"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { matchByHand as match } from "@/lib/reconciliation/work";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Matches expected settlements to movements by hand (one to one, one to many, many to one). */
export const matchByHand = consoleAction({
  name: "matchByHand",
  permission: "reconciliation:run",
  input: z.object({
    expectedIds: z.array(idSchema).max(50),
    actualIds: z.array(idSchema).max(50),
    note: z.string().trim().max(500).default(""),
  }),
  run: async (input, { environment, actor }) => {
    const { db } = await getDatabase();
    const done = await match(db, environment, input, actor.email);
    if (!done.ok)
      return refused(
        done.error.code,
        done.error.message,
        done.error.field ? { [done.error.field]: done.error.message } : {},
      );
    return {
      ok: true,
      data: { id: done.data.id },
      audit: {
        targetId: done.data.id,
        environment,
        detail: `${done.data.expectedIds.join(", ")} ↔ ${done.data.actualIds.join(", ")}`,
      },
    };
  },
});
