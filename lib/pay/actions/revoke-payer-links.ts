"use server";

import { revokeLinks } from "@/lib/pay/pay-links";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { consoleAction, idSchema } from "@/lib/actions/action";

/** Withdraws every payer link of a request made until now (administrators; audited). A link made afterwards works. */
export const revokePayerLinks = consoleAction({
  name: "revokePayerLinks",
  permission: "instructions:revoke",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { actor, environment }) => {
    const { db } = await getDatabase();
    await revokeLinks(db, environment, id, actor.email);
    return { ok: true, data: { id }, audit: { targetId: id, environment, detail: "payer links withdrawn" } };
  },
});
