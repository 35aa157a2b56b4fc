"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { setScheduleEnabled } from "@/lib/reports/schedules";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Pauses or resumes a report schedule. */
export const setReportScheduleEnabled = consoleAction({
  name: "setReportScheduleEnabled",
  permission: "reports:run",
  input: z.object({ id: idSchema, enabled: z.boolean() }),
  run: async ({ id, enabled }, { environment }) => {
    const { db } = await getDatabase();
    if (!(await setScheduleEnabled(db, environment, id, enabled))) return refused("not_found", "No such schedule.");
    return {
      ok: true,
      data: { id, enabled },
      audit: { targetId: id, environment, detail: enabled ? "resumed" : "paused" },
    };
  },
});
