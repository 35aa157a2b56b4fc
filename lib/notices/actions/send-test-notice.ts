"use server";

import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { consoleAction, refused } from "@/lib/actions/action";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { smtpServerShown } from "../mailer";
import { queueNotices } from "../queue";

/** An administrator mails themselves a test notice through the outbox, as any notice goes (issue 64). */
export const sendTestNotice = consoleAction({
  name: "sendTestNotice",
  permission: "users:manage",
  input: z.object({}),
  run: async (_input, { actor }) => {
    const server = smtpServerShown();
    if (!server)
      return refused("not_configured", "No SMTP server is configured (SMTP_URL): notices wait in the outbox.");
    const { db } = await getDatabase();
    // The test notice is asked for, not chosen: it reaches the administrator whatever their choices.
    const queued = await queueNotices(
      db,
      "approval_waiting",
      `test-${randomBytes(6).toString("hex")}`,
      sql`u.id = ${actor.userId}`,
      {
        subject: "Test notice from the Settlement Console",
        body: `You asked for this test notice. Notices are mailed through ${server}.`,
        path: "/settings",
      },
      { whateverTheirChoices: true },
    );
    return { ok: true, data: { queued }, audit: { targetId: actor.userId, detail: server } };
  },
});
