"use server";

import { z } from "@/lib/schemas/zod";
import { isFreshProof, removeSecondFactor as remove, requiredRoles } from "@/lib/auth/second-factor";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Removes one's own authenticator app (issue 43): only with a proof of it from the last few
 * minutes, and never while one's role requires a second factor.
 */
export const removeSecondFactor = consoleAction({
  name: "removeSecondFactor",
  permission: "account:self",
  input: z.unknown(),
  run: async (_input, { actor }) => {
    if (actor.secondFactor !== "verified") return refused("no_second_factor", "You have no authenticator app set up.");
    if (!isFreshProof(actor.secondFactorAt))
      return refused(
        "step_up_required",
        "Enter a code from your authenticator app first: removing it needs a fresh one.",
      );
    const { db } = await getDatabase();
    if ((await requiredRoles(db)).includes(actor.role))
      return refused(
        "second_factor_required",
        "Your role requires a second factor: an administrator must lift that first.",
      );
    await remove(db, actor.userId);
    return { ok: true, data: null, audit: { targetId: actor.userId } };
  },
});
