"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { ROLES } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { removeNoticeChannel as remove } from "../store";

/** An administrator removes a team's chat channel; people who chose it get those notices by email again. */
export const removeNoticeChannel = consoleAction({
  name: "removeNoticeChannel",
  permission: "users:manage",
  input: z.object({ team: z.enum(ROLES) }),
  run: async ({ team }) => {
    const { db } = await getDatabase();
    if (!(await remove(db, team))) return refused("not_found", `The ${team} team has no chat channel.`);
    return { ok: true, data: { team }, audit: { targetId: team, detail: `chat channel of ${team} removed` } };
  },
});
