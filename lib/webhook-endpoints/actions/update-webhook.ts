"use server";

import { controlled } from "@/lib/approvals/hold";
import { webhookEndpointAction } from "@/lib/webhook-endpoints/controlled-action";
import { z } from "@/lib/schemas/zod";
import { webhookUpdateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** PATCH /v0/webhooks/{id}: url, events (replaces the list), status. */
export const updateWebhook = mutationAction({
  name: "updateWebhook",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookUpdateSchema }),
  run: ({ id, body }, { environment }) => api.updateWebhook(environment, id, body, "/v0"),
  control: controlled({ webhook_endpoint: webhookEndpointAction }, ({ id, body }) => ({
    action: "webhook_endpoint",
    call: apiCalls.updateWebhook(id, body, "/v0"),
  })),
});
