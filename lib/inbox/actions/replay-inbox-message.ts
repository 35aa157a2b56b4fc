"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, noInbox, noSession, succeed } from "@/lib/inbox/owner";
import { receive } from "@/lib/inbox/receive";
import { findOwnedMessage, toMessageView } from "@/lib/inbox/store";
import type { InboxMessageView } from "@/lib/inbox/types";
import { mutationAction, idSchema } from "@/lib/actions/action";

/**
 * Delivers a stored request to its inbox again, byte for byte and with the same headers, as a
 * sender retrying would: it arrives now, so it is judged now, and marked a duplicate.
 */
export const replayInboxMessage = mutationAction({
  name: "replayInboxMessage",
  permission: "inbox:manage",
  input: z.object({ inboxId: idSchema, seq: z.number().int().positive() }),
  run: async ({ inboxId, seq }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<InboxMessageView>();
    const { db } = await getDatabase();
    const original = await findOwnedMessage(db, owner, inboxId, seq);
    if (!original) return noInbox<InboxMessageView>();
    const received = await receive({
      inboxId,
      method: original.method,
      headers: original.headers,
      rawBody: new Uint8Array(Buffer.from(original.body, "utf8")),
      receivedAt: new Date(),
    });
    return received ? succeed(toMessageView(received.row), 201) : noInbox<InboxMessageView>();
  },
});
