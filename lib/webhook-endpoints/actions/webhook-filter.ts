"use server";

import { z } from "@/lib/schemas/zod";
import { webhookFilterPreviewSchema, webhookFilterSchema } from "@/lib/schemas/webhook-filter";
import * as api from "@/lib/settlement-api";
import { idSchema, mutationAction, readAction } from "@/lib/actions/action";

/** GET /v0/webhooks/{id}/filter (extension, decisions D9.16). */
export const getWebhookFilter = readAction({
  name: "getWebhookFilter",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhookFilter(environment, id),
});

/** PUT /v0/webhooks/{id}/filter (extension): the events it gets, narrowed by their data. */
export const setWebhookFilter = mutationAction({
  name: "setWebhookFilter",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookFilterSchema }),
  run: ({ id, body }, { environment }) => api.setWebhookFilter(environment, id, body),
});

/** POST /v0/webhooks/{id}/filter/preview (extension): a count, nothing saved; for those who may set the condition. */
export const previewWebhookFilter = readAction({
  name: "previewWebhookFilter",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookFilterPreviewSchema }),
  run: ({ id, body }, { environment }) => api.previewWebhookFilter(environment, id, body),
});
