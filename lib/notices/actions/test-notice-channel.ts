"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { ROLES } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { postToChannel } from "../chat";
import { consoleOrigin } from "../queue";
import { channelTarget } from "../store";

/**
 * An administrator's test of a team's channel (issue 64): one message posted now, not through
 * the outbox, and the service's answer said at once (a revoked Slack webhook answers 404
 * "no_service").
 */
export const testNoticeChannel = consoleAction({
  name: "testNoticeChannel",
  permission: "users:manage",
  input: z.object({ team: z.enum(ROLES) }),
  run: async ({ team }, { actor }) => {
    const { db } = await getDatabase();
    const channel = await channelTarget(db, team);
    if (!channel) return refused("not_found", `The ${team} team has no chat channel.`);
    try {
      await postToChannel({
        id: `test-${channel.id}`,
        service: channel.service,
        url: channel.url,
        subject: "Test message from the Settlement Console",
        text: `${actor.email} tested this channel. Notices the ${team} team chose to read here will arrive like this.`,
        link: `${consoleOrigin()}/settings`,
      });
    } catch (error) {
      return refused("channel_refused", `${channel.name} did not take the message: ${(error as Error).message}`);
    }
    return {
      ok: true,
      data: { name: channel.name },
      audit: { targetId: team, detail: `test message to ${channel.name}` },
    };
  },
});
