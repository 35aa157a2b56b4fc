"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import {
  currentOwnerId,
  inboxOrigin,
  isInboxEndpoint,
  noInbox,
  noSession,
  pointsAtInbox,
  refuse,
  succeed,
} from "@/lib/inbox/owner";
import { findOwnedInbox, toSummary, updateOwnedInbox } from "@/lib/inbox/store";
import type { KeptSecret } from "@/lib/inbox/types";
import { maskInboxUrl } from "@/lib/schemas/mask";
import { getWebhook } from "@/lib/settlement-api";
import { mutationAction, idSchema } from "@/lib/actions/action";

/**
 * Keeps an endpoint's signing secret with one of the person's inboxes, so its verdicts can say
 * "valid" (the endpoints page offers it right after creating an endpoint). An empty secret
 * forgets it. The secret is never sent back.
 */
export const keepInboxSecret = mutationAction({
  name: "keepInboxSecret",
  permission: "inbox:manage",
  input: z.object({
    inboxId: idSchema,
    secret: z
      .string()
      .trim()
      .max(200)
      .regex(/^(whsec_[A-Za-z0-9_-]+)?$/, "A signing secret starts with whsec_"),
    webhookId: idSchema.optional(),
  }),
  run: async ({ inboxId, secret, webhookId }, { environment }) => {
    const owner = await currentOwnerId();
    if (!owner) return noSession<KeptSecret>();
    // Only the endpoint that points at this inbox: deleting the inbox later deletes it too.
    if (webhookId && !(await isInboxEndpoint(environment, webhookId, inboxId))) {
      return refuse<KeptSecret>(400, "not_this_inbox", "That endpoint does not point at this inbox.");
    }
    const { db } = await getDatabase();
    const before = await findOwnedInbox(db, owner, inboxId);
    const row = await updateOwnedInbox(db, owner, inboxId, {
      secret: secret || null,
      ...(webhookId ? { webhookId } : {}),
    });
    if (!row) return noInbox<KeptSecret>();
    // The endpoint this inbox verified before still posts here, and its deliveries will no longer
    // verify: the page offers to disable it (issue 34).
    const previous =
      before?.webhookId && webhookId && before.webhookId !== webhookId
        ? await getWebhook(environment, before.webhookId)
        : null;
    const stillSending =
      previous?.ok && previous.data.status === "ACTIVE" && pointsAtInbox(previous.data.url, inboxId)
        ? { id: previous.data.id, url: previous.data.url }
        : null;
    const summary = toSummary(row, inboxOrigin());
    return succeed<KeptSecret>({ ...summary, url: maskInboxUrl(summary.url), stillSending });
  },
});
