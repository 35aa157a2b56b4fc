"use server";

import { z } from "@/lib/schemas/zod";
import { webhookFailurePolicySchema, webhookOutageSchema } from "@/lib/schemas/webhook-health";
import * as api from "@/lib/settlement-api";
import { idSchema, mutationAction, readAction } from "@/lib/actions/action";

/** GET /v0/webhooks/{id}/health (extension, decisions D9.15). */
export const getWebhookHealth = readAction({
  name: "getWebhookHealth",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhookHealth(environment, id),
});

/** PUT /v0/webhooks/{id}/failure-policy (extension): when the endpoint is warned, and turned off. */
export const setWebhookFailurePolicy = mutationAction({
  name: "setWebhookFailurePolicy",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookFailurePolicySchema }),
  run: ({ id, body }, { environment }) => api.setWebhookFailurePolicy(environment, id, body),
});

/** PUT /v0/webhooks/{id}/outage (sandbox extension): rehearse an outage on the sandbox clock. */
export const setWebhookOutage = mutationAction({
  name: "setWebhookOutage",
  permission: "webhooks:manage",
  sandboxOnly: true,
  input: z.object({ id: idSchema, body: webhookOutageSchema }),
  run: ({ id, body }, { environment }) => api.setWebhookOutage(environment, id, body),
});
