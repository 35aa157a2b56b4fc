"use server";

import { getDatabase } from "@/lib/db/connection";
import { expectedInputSchema, expectedOf } from "@/lib/reconciliation/expected-input";
import { insertExpected } from "@/lib/reconciliation/expected-store";
import { lateNotices } from "@/lib/reconciliation/late-notices";
import { consoleAction } from "@/lib/actions/action";

/** Records one expected settlement (an invoice to be paid in, a bill to pay out) for the matching to find. */
export const recordExpectedSettlement = consoleAction({
  name: "recordExpectedSettlement",
  permission: "reconciliation:run",
  input: expectedInputSchema,
  run: async (v, { environment, actor }) => {
    const { db } = await getDatabase();
    const {
      ids: [id],
      late,
    } = await insertExpected(db, environment, [expectedOf(v, "form")], actor.email);
    return {
      ok: true,
      data: { id: id as string, late: lateNotices(late) },
      audit: {
        targetId: id,
        environment,
        detail: `${v.direction} ${v.amount} ${v.currency}${v.reference ? ` ${v.reference}` : ""}`,
      },
    };
  },
});
