"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { createSandboxPack } from "@/lib/reconciliation/sandbox-pack";
import { consoleAction, refused } from "@/lib/actions/action";

/** Makes a realistic month of sandbox payments with every kind of exception, and what matching should find. */
export const createSandboxExceptionPack = consoleAction({
  name: "createSandboxExceptionPack",
  permission: "reconciliation:run",
  sandboxOnly: true,
  // Asked for in so many words: an empty probe (the permission-table journey posts every action
  // with {}) must change nothing; this one moves the sandbox clock on the 1st and 2nd (issue 60).
  input: z.object({ make: z.literal(true, "Say make: true") }),
  run: async (_input, { actor }) => {
    const { db } = await getDatabase();
    const pack = await createSandboxPack(db, actor.email);
    if (!pack.ok) return refused("service_unavailable", pack.message);
    return {
      ok: true,
      data: pack,
      audit: { environment: "sandbox", detail: `${pack.period}: ${pack.expected} expected, ${pack.requests} payments` },
    };
  },
});
