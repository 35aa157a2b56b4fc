"use server";

import { controlled } from "@/lib/approvals/hold";
import { writeOffAction } from "@/lib/reconciliation/controlled-action";
import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { writeOffCall } from "@/lib/reconciliation/controlled-action";
import { writeOff } from "@/lib/reconciliation/work";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * Writes an exception off. A controlled action: the amount and currency the rules judge are read
 * here from the exception, never taken from the browser, so a rule on write-offs over an amount
 * cannot be walked round by sending a smaller one.
 */
export const writeOffException = consoleAction({
  name: "writeOffException",
  permission: "reconciliation:run",
  input: z.object({ exceptionId: idSchema, reason: z.string().trim().min(3, "Say why it is written off").max(500) }),
  control: controlled({ reconciliation_write_off: writeOffAction }, async ({ exceptionId, reason }, { environment }) =>
    writeOffCall((await getDatabase()).db, environment, exceptionId, reason, "write_off"),
  ),
  run: async ({ exceptionId, reason }, { environment, actor }) => {
    const { db } = await getDatabase();
    const done = await writeOff(db, environment, exceptionId, reason, actor.email);
    if (!done.ok) return { ...refused(done.error.code, done.error.message), audit: { targetId: exceptionId } };
    return { ok: true, data: { id: exceptionId }, audit: { targetId: exceptionId, environment, detail: reason } };
  },
});
