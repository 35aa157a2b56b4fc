"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, inboxOrigin, noSession, succeed } from "@/lib/inbox/owner";
import { INBOX_CAPS, ownedInboxCount } from "@/lib/inbox/caps";
import { insertInbox, toSummary } from "@/lib/inbox/store";
import type { InboxSummary } from "@/lib/inbox/types";
import { mutationAction } from "@/lib/actions/action";

/** A new receiver at an unguessable /inbox/<id>, owned by the signed-in person. */
export const createInbox = mutationAction({
  name: "createInbox",
  permission: "inbox:manage",
  input: z.object({ name: z.string().trim().max(80).optional() }),
  run: async ({ name }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<InboxSummary>();
    const { db } = await getDatabase();
    if ((await ownedInboxCount(db, owner)) >= INBOX_CAPS.inboxesPerPerson) {
      return {
        ok: false,
        error: {
          kind: "api",
          status: 409,
          code: "inbox_limit",
          message: `You have ${INBOX_CAPS.inboxesPerPerson} inboxes, the most one person may keep. Delete one first.`,
          details: [],
        },
      };
    }
    const row = await insertInbox(db, owner, name || `Inbox ${new Date().toISOString().slice(11, 19)} UTC`);
    return succeed(toSummary(row, inboxOrigin()), 201);
  },
});
