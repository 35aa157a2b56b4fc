"use server";

import { controlled } from "@/lib/approvals/hold";
import { webhookEndpointAction } from "@/lib/webhook-endpoints/controlled-action";
import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** DELETE /v0/webhooks/{id} (204). */
export const deleteWebhook = mutationAction({
  name: "deleteWebhook",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.deleteWebhook(environment, id, "/v0"),
  control: controlled({ webhook_endpoint: webhookEndpointAction }, ({ id }) => ({
    action: "webhook_endpoint",
    call: apiCalls.deleteWebhook(id, "/v0"),
  })),
});
