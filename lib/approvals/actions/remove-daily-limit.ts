"use server";

import { z } from "@/lib/schemas/zod";
import { removeLimit } from "@/lib/approvals/limits";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Removes a daily limit (kept in the table, marked removed). */
export const removeDailyLimit = consoleAction({
  name: "removeDailyLimit",
  permission: "approvals:rules",
  input: z.object({ id: idSchema }),
  run: async ({ id }) => {
    const { db } = await getDatabase();
    if (!(await removeLimit(db, id))) return { ...refused("not_found", "No such limit."), audit: { targetId: id } };
    return { ok: true, data: { id }, audit: { targetId: id, environment: "production" } };
  },
});
