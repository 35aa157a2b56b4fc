"use server";

import { controlled } from "@/lib/approvals/hold";
import { webhookEndpointAction } from "@/lib/webhook-endpoints/controlled-action";
import { webhookCreateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction } from "@/lib/actions/action";

/** POST /v0/webhooks: the answer carries the signing secret, shown this once. */
export const createWebhook = mutationAction({
  name: "createWebhook",
  permission: "webhooks:manage",
  input: webhookCreateSchema,
  run: (body, { environment }) => api.createWebhook(environment, body, "/v0"),
  control: controlled({ webhook_endpoint: webhookEndpointAction }, (body) => ({
    action: "webhook_endpoint",
    call: apiCalls.createWebhook(body, "/v0"),
  })),
});
