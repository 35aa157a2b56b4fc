"use server";

import { z } from "@/lib/schemas/zod";
import { removePayee as dropPayee } from "@/lib/approvals/payees";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Takes a payee out of the book (kept in the table, marked removed); adding it again starts a new cooling-off. */
export const removePayee = consoleAction({
  name: "removePayee",
  permission: "disbursement:create",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { environment, actor }) => {
    const { db } = await getDatabase();
    if (!(await dropPayee(db, environment, id, actor.email)))
      return { ...refused("not_found", "No such payee."), audit: { targetId: id } };
    return { ok: true, data: { id }, audit: { targetId: id, environment } };
  },
});
