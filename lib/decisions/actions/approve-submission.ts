"use server";

import { z } from "@/lib/schemas/zod";
import { approve } from "@/lib/approvals/decide";
import { sendApproved } from "@/lib/instance/controlled-actions";
import { approvalsOf, toSubmissionView } from "@/lib/approvals/store";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import type { SubmissionView } from "@/lib/approvals/types";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * Approves a held submission; on the last approval the stored call is sent (once, whoever else
 * approves at the same moment) and the answer is kept with it.
 */
export const approveSubmission = consoleAction({
  name: "approveSubmission",
  permission: "approvals:decide",
  // `confirmed`: the production confirmation was shown and accepted (a production submission needs it).
  // `duplicateChecked`: the approver ticked that a possible duplicate is not the earlier payment.
  input: z.object({ id: idSchema, confirmed: z.boolean().optional(), duplicateChecked: z.boolean().optional() }),
  run: async ({ id, confirmed, duplicateChecked }, { actor }) => {
    const { db } = await getDatabase();
    const result = await approve(db, id, actor, { confirmed, duplicateChecked, send: sendApproved });
    if (!result.ok) return { ...refused(result.error.code, result.error.message), audit: { targetId: id } };
    const row = result.row;
    const data: SubmissionView = toSubmissionView(row, await approvalsOf(db, [id]), await nowFor(row.environment));
    const sent =
      row.status === "sent"
        ? `; sent, ${row.responseStatus}`
        : row.status === "failed"
          ? `; sending failed, ${row.responseStatus ?? "no answer"}`
          : "";
    return {
      ok: true,
      data,
      audit: { targetId: id, environment: row.environment, detail: `rule ${row.ruleId} v${row.ruleVersion}${sent}` },
    };
  },
});
