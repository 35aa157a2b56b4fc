"use server";

import { z } from "@/lib/schemas/zod";
import { awaitingCount } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import { action } from "./action";

/** How many held submissions wait for the signed-in person (the shell's badge). */
export const countAwaitingApprovals = action({
  name: "countAwaitingApprovals",
  permission: "read",
  kind: "read",
  input: z.object({}).optional(),
  run: async (_input, { actor }) => {
    const { db } = await getDatabase();
    return { ok: true, data: await awaitingCount(db, actor) };
  },
});
