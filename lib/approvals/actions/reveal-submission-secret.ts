"use server";

import { z } from "@/lib/schemas/zod";
import { takeSecret } from "@/lib/approvals/store";
import { openSecret } from "@/lib/crypto/secret-box";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * The secret an approved submission's call answered with (a webhook endpoint's signing secret,
 * a new API key), to the person who submitted it, once: it is erased as it is handed over.
 */
export const revealSubmissionSecret = consoleAction({
  name: "revealSubmissionSecret",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { actor }) => {
    const { db } = await getDatabase();
    const sealed = await takeSecret(db, id, actor.userId);
    if (!sealed)
      return {
        ...refused("not_found", "Nothing of yours waits to be revealed here (it may have been shown already)."),
        audit: { targetId: id },
      };
    return { ok: true, data: { secret: openSecret(sealed) }, audit: { targetId: id, detail: "secret shown once" } };
  },
});
