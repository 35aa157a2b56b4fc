"use server";

import { z } from "@/lib/schemas/zod";
import { setDeviceBoundApprovers as save } from "@/lib/approvals/device-bound";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "@/lib/actions/action";

/**
 * The policy "approvers use device-bound keys" (issue 61, decisions D19.15): production approvals
 * then need a step-up with a passkey bound to one device. Audited.
 */
export const setDeviceBoundApprovers = consoleAction({
  name: "setDeviceBoundApprovers",
  permission: "users:manage",
  input: z.object({ on: z.boolean() }),
  run: async ({ on }, { actor }) => {
    const { db } = await getDatabase();
    await save(db, on, actor.email);
    return {
      ok: true,
      data: { on },
      audit: { detail: on ? "approvers must use device-bound passkeys" : "any second factor approves" },
    };
  },
});
