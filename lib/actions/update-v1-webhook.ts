"use server";

import { z } from "@/lib/schemas/zod";
import { webhookUpdateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** PATCH /v1/webhooks/{id}: url, events (replaces the list), status. */
export const updateV1Webhook = action({
  name: "updateV1Webhook",
  kind: "mutation",
  input: z.object({ id: idSchema, body: webhookUpdateSchema }),
  run: ({ id, body }, { environment }) => api.updateWebhook(environment, id, body, "/v1"),
});
