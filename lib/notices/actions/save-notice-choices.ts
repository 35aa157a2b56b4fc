"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { NOTICE_KINDS, NOTICE_LABELS, NOTICE_ROUTES, type NoticeKind } from "../kinds";
import { channelOfTeam, saveNoticeChoices as save } from "../store";

/**
 * One's own choice of where each notice reaches one (issue 64): by email, to one's team's chat
 * channel, or not at all; and a daily digest at an hour of the merchant's day instead of single
 * mails (null: each mail at once).
 */
export const saveNoticeChoices = consoleAction({
  name: "saveNoticeChoices",
  permission: "account:self",
  input: z.object({
    choices: z.object(
      Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.enum(NOTICE_ROUTES)])) as Record<
        NoticeKind,
        z.ZodEnum<{ email: "email"; chat: "chat"; off: "off" }>
      >,
    ),
    digestHour: z.number().int().min(0).max(23).nullable(),
  }),
  run: async ({ choices, digestHour }, { actor }) => {
    const { db } = await getDatabase();
    const chat = NOTICE_KINDS.filter((k) => choices[k] === "chat");
    if (chat.length > 0 && !(await channelOfTeam(db, actor.role)))
      return refused(
        "no_channel",
        "Your team has no chat channel: an administrator adds one on Settings.",
        Object.fromEntries(chat.map((k) => [`choices.${k}`, "Your team has no chat channel"])),
      );
    const always = NOTICE_KINDS.filter((k) => NOTICE_LABELS[k].always && choices[k] !== "email");
    if (always.length > 0)
      return refused(
        "always_sent",
        "Notices about your account's security always come by email.",
        Object.fromEntries(always.map((k) => [`choices.${k}`, "Always sent by email"])),
      );
    await db.transaction((tx) => save(tx, actor.userId, choices, digestHour));
    const routed = NOTICE_KINDS.filter((k) => choices[k] !== "email").map((k) => `${k}: ${choices[k]}`);
    return {
      ok: true,
      data: { saved: true },
      audit: {
        targetId: actor.userId,
        detail: `${routed.length ? routed.join(", ") : "all by email"}; ${digestHour === null ? "no digest" : `digest at ${digestHour}:00`}`,
      },
    };
  },
});
