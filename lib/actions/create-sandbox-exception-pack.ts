"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { createSandboxPack } from "@/lib/reconciliation/sandbox-pack";
import { consoleAction, refused } from "./action";

/** Makes a realistic month of sandbox payments with every kind of exception, and what matching should find. */
export const createSandboxExceptionPack = consoleAction({
  name: "createSandboxExceptionPack",
  permission: "reconciliation:run",
  sandboxOnly: true,
  input: z.object({}),
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
