"use server";

import { z } from "@/lib/schemas/zod";
import { deny } from "@/lib/approvals/decide";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Denies a held submission (an approver), or withdraws it (its submitter), with a reason; nothing is sent. */
export const denySubmission = consoleAction({
  name: "denySubmission",
  permission: "approvals:decide",
  input: z.object({
    id: idSchema,
    reason: z.string().trim().min(3, "Say why, in a few words").max(500, "Use at most 500 characters"),
  }),
  run: async ({ id, reason }, { actor }) => {
    const { db } = await getDatabase();
    const result = await deny(db, id, actor, reason);
    if (!result.ok) return { ...refused(result.error.code, result.error.message), audit: { targetId: id } };
    return { ok: true, data: { id }, audit: { targetId: id, environment: result.row.environment, detail: reason } };
  },
});
