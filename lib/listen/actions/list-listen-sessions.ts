"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { listSessions } from "@/lib/listen/sessions";
import { readAction } from "@/lib/actions/action";

/** Listening sessions for the Inbox page: every person's for an administrator, one's own otherwise. */
export const listListenSessions = readAction({
  name: "listListenSessions",
  permission: "tokens:self",
  input: z.object({}).optional(),
  run: async (_input, { actor }) => {
    const { db } = await getDatabase();
    return { ok: true, data: await listSessions(db, actor.role === "admin" ? null : actor.userId) };
  },
});
