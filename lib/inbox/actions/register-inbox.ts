"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, inboxOrigin, noInbox, noSession, refuse, succeed } from "@/lib/inbox/owner";
import { findOwnedInbox, toSummary, updateOwnedInbox } from "@/lib/inbox/store";
import type { InboxSummary } from "@/lib/inbox/types";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import * as api from "@/lib/settlement-api";
import { mutationAction, idSchema } from "@/lib/actions/action";

/**
 * Registers an inbox as a sandbox webhook endpoint for every event type. The signing secret of
 * the create answer is kept with the inbox on the server (for the verdicts) and never returned.
 */
export const registerInbox = mutationAction({
  name: "registerInbox",
  permission: "inbox:manage",
  sandboxOnly: true,
  input: z.object({ inboxId: idSchema }),
  run: async ({ inboxId }, { environment }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<InboxSummary>();
    const { db } = await getDatabase();
    const inbox = await findOwnedInbox(db, owner, inboxId);
    if (!inbox) return noInbox<InboxSummary>();
    if (inbox.webhookId)
      return refuse<InboxSummary>(409, "already_registered", "This inbox is already registered as an endpoint.");
    const created = await api.createWebhook(environment, {
      url: `${inboxOrigin()}/inbox/${inbox.id}`,
      events: [...EVENT_TYPES],
      description: `Console inbox: ${inbox.name}`.slice(0, 500),
    });
    if (!created.ok) return created;
    const row = await updateOwnedInbox(db, owner, inbox.id, {
      webhookId: created.data.id,
      environment,
      secret: created.data.secret ?? null,
    });
    return row ? succeed(toSummary(row, inboxOrigin()), 201) : noInbox<InboxSummary>();
  },
});
