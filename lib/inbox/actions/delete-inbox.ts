"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, isInboxEndpoint, noInbox, noSession, succeed } from "@/lib/inbox/owner";
import { deleteOwnedInbox, findOwnedInbox } from "@/lib/inbox/store";
import * as api from "@/lib/settlement-api";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** Deletes an inbox and its messages, and the endpoint registered for it (so nothing is sent to a dead URL). */
export const deleteInbox = mutationAction({
  name: "deleteInbox",
  permission: "inbox:manage",
  input: z.object({ inboxId: idSchema }),
  run: async ({ inboxId }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<{ id: string }>();
    const { db } = await getDatabase();
    const inbox = await findOwnedInbox(db, owner, inboxId);
    if (!inbox) return noInbox<{ id: string }>();
    // The endpoint goes too, but only if it is the one pointing at this inbox.
    if (inbox.webhookId && inbox.environment && (await isInboxEndpoint(inbox.environment, inbox.webhookId, inbox.id))) {
      const removed = await api.deleteWebhook(inbox.environment, inbox.webhookId);
      if (!removed.ok && !(removed.error.kind === "api" && removed.error.status === 404)) return removed;
    }
    await deleteOwnedInbox(db, owner, inbox.id);
    return succeed({ id: inbox.id });
  },
});
