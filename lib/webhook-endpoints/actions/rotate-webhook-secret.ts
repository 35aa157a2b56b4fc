"use server";

import { controlled } from "@/lib/approvals/hold";
import { webhookEndpointAction } from "@/lib/webhook-endpoints/controlled-action";
import { z } from "@/lib/schemas/zod";
import { webhookRotateSchema } from "@/lib/schemas/webhook";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction, idSchema } from "@/lib/actions/action";

/**
 * POST /v0/webhooks/{id}/rotate (extension, issue 63): a new signing secret, shown once; the old
 * one signs beside it for the overlap chosen. In production a controlled action, like any
 * change of an endpoint: a rule may hold it.
 */
export const rotateWebhookSecret = mutationAction({
  name: "rotateWebhookSecret",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookRotateSchema }),
  run: ({ id, body }, { environment }) => api.rotateWebhookSecret(environment, id, body),
  control: controlled({ webhook_endpoint: webhookEndpointAction }, ({ id, body }) => ({
    action: "webhook_endpoint",
    call: apiCalls.rotateWebhookSecret(id, body),
  })),
});
