"use server";

import { z } from "zod";
import { clearThrottle } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "@/lib/actions/action";

/** An administrator lifts a sign-in throttle (People page); audited with the key it lifted. */
export const clearSignInThrottle = consoleAction({
  name: "clearSignInThrottle",
  permission: "users:manage",
  input: z.object({
    key: z
      .string()
      .trim()
      .min(1, "Key is required")
      .max(600)
      .regex(/^(pair|email|address):/, "Not a throttle"),
  }),
  run: async ({ key }) => {
    const audit = { targetId: key.slice(0, 128), detail: "sign-in throttle lifted" };
    const { db } = await getDatabase();
    if (!(await clearThrottle(db, key))) return { ...refused("not_found", "This throttle has already ended."), audit };
    return { ok: true, data: { key }, audit };
  },
});
