"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, inboxOrigin, noInbox, noSession, succeed } from "@/lib/inbox/owner";
import { toSummary, updateOwnedInbox } from "@/lib/inbox/store";
import { INBOX_RESPONSE_MODES, type InboxSummary } from "@/lib/inbox/types";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** How the receiver answers from now on: 200, 500, 410, or no answer until past the timeout. */
export const setInboxResponse = mutationAction({
  name: "setInboxResponse",
  permission: "inbox:manage",
  input: z.object({ inboxId: idSchema, mode: z.enum(INBOX_RESPONSE_MODES) }),
  run: async ({ inboxId, mode }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<InboxSummary>();
    const { db } = await getDatabase();
    const row = await updateOwnedInbox(db, owner, inboxId, { responseMode: mode });
    return row ? succeed(toSummary(row, inboxOrigin())) : noInbox<InboxSummary>();
  },
});
