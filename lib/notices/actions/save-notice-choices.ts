"use server";

import { consoleAction } from "@/lib/actions/action";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { NOTICE_KINDS, type NoticeKind } from "../kinds";
import { saveNoticeChoices as save } from "../store";

/** One's own choice of which notices reach one by email (issue 64). */
export const saveNoticeChoices = consoleAction({
  name: "saveNoticeChoices",
  permission: "account:self",
  input: z.object({
    choices: z.object(
      Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.boolean()])) as Record<NoticeKind, z.ZodBoolean>,
    ),
  }),
  run: async ({ choices }, { actor }) => {
    const { db } = await getDatabase();
    await save(db, actor.userId, choices);
    const off = NOTICE_KINDS.filter((k) => !choices[k]);
    return {
      ok: true,
      data: { saved: true },
      audit: { targetId: actor.userId, detail: off.length ? `off: ${off.join(", ")}` : "all on" },
    };
  },
});
