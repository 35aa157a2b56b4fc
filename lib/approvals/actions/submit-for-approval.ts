"use server";

import { z } from "@/lib/schemas/zod";
import { rolesText } from "@/lib/approvals/rules";
import { submitOffered } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Past a daily limit, the person asks for approval of what they tried to send: it joins the Approvals queue. */
export const submitForApproval = consoleAction({
  name: "submitForApproval",
  permission: "approvals:decide",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { actor }) => {
    const { db } = await getDatabase();
    const row = await submitOffered(
      db,
      id,
      actor.userId,
      new Date(Date.now() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
    );
    if (!row)
      return {
        ...refused("not_found", "Nothing of yours is waiting to be submitted with that id."),
        audit: { targetId: id },
      };
    const message = `Waiting for approval: past your daily limit it needs 1 approval from ${rolesText(row.approverRoles as Array<"admin" | "finance">)} (not you). Nothing was sent yet.`;
    return { ok: true, data: { id: row.id, message }, audit: { targetId: id, environment: row.environment } };
  },
});
