"use server";

import { webhookCreateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** POST /v1/webhooks: the answer carries the signing secret, shown this once. */
export const createV1Webhook = action({
  name: "createV1Webhook",
  kind: "mutation",
  input: webhookCreateSchema,
  run: (body, { environment }) => api.createWebhook(environment, body, "/v1"),
});
