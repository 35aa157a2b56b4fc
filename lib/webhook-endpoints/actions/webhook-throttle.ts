"use server";

import { z } from "@/lib/schemas/zod";
import { webhookThrottleSchema } from "@/lib/schemas/webhook";
import * as api from "@/lib/settlement-api";
import { idSchema, mutationAction, readAction } from "@/lib/actions/action";

/** PUT /v0/webhooks/{id}/throttle (extension, issue 63): the endpoint's delivery rate, across instances. */
export const setWebhookThrottle = mutationAction({
  name: "setWebhookThrottle",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookThrottleSchema }),
  run: ({ id, body }, { environment }) => api.setWebhookThrottle(environment, id, body),
});

/** GET /v0/webhooks/{id}/throttle (extension). */
export const getWebhookThrottle = readAction({
  name: "getWebhookThrottle",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhookThrottle(environment, id),
});
