"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId, inboxOrigin, isInboxEndpoint, noInbox, noSession, refuse, succeed } from "@/lib/dashboard/inbox/owner";
import { toSummary, updateOwnedInbox } from "@/lib/dashboard/inbox/store";
import type { InboxSummary } from "@/lib/dashboard/inbox/types";
import { action, idSchema } from "./action";

/**
 * Keeps an endpoint's signing secret with one of the person's inboxes, so its verdicts can say
 * "valid" (the endpoints page offers it right after creating an endpoint). An empty secret
 * forgets it. The secret is never sent back.
 */
export const keepInboxSecret = action({
  name: "keepInboxSecret",
  permission: "inbox:manage",
  kind: "mutation",
  input: z.object({
    inboxId: idSchema,
    secret: z.string().trim().max(200).regex(/^(whsec_[A-Za-z0-9_-]+)?$/, "A signing secret starts with whsec_"),
    webhookId: idSchema.optional(),
  }),
  run: async ({ inboxId, secret, webhookId }, { environment }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<InboxSummary>();
    // Only the endpoint that points at this inbox: deleting the inbox later deletes it too.
    if (webhookId && !(await isInboxEndpoint(environment, webhookId, inboxId))) {
      return refuse<InboxSummary>(400, "not_this_inbox", "That endpoint does not point at this inbox.");
    }
    const { db } = await getDatabase();
    const row = await updateOwnedInbox(db, owner, inboxId, {
      secret: secret || null,
      ...(webhookId ? { webhookId } : {}),
    });
    return row ? succeed(toSummary(row, inboxOrigin())) : noInbox<InboxSummary>();
  },
});
