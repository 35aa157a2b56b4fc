"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { getDatabase } from "@/lib/db/connection";
import { chatUrlProblem } from "../chat";
import { noticeChannelSchema } from "../channel-form";
import { saveNoticeChannel as save } from "../store";

/**
 * An administrator gives a team its chat channel (issue 64): a Slack or Teams incoming webhook,
 * held to the product's policy for outgoing POSTs (https, public; a developer's console may reach
 * its own loopback) and sealed; a team's new channel replaces its old one. Audited without the URL.
 */
export const saveNoticeChannel = consoleAction({
  name: "saveNoticeChannel",
  permission: "users:manage",
  input: noticeChannelSchema,
  run: async ({ team, service, name, url }, { actor }) => {
    const problem = await chatUrlProblem(url);
    if (problem) return refused("invalid_url", `Webhook URL: ${problem}`, { url: problem });
    const { db } = await getDatabase();
    const id = await save(db, { team, service, name, url, createdBy: actor.email });
    return { ok: true, data: { id }, audit: { targetId: team, detail: `${service} ${name} for ${team}` } };
  },
});
