"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/**
 * GET /v0/webhooks/{id}/deliveries (extension): attempts with time, status, duration; or only the
 * dead letters (FAILED); or the delivery of one event (what the endpoint answered it).
 */
export const listWebhookDeliveries = readAction({
  name: "listWebhookDeliveries",
  permission: "read",
  input: z.object({ id: idSchema, deadLetters: z.boolean().optional(), eventId: idSchema.optional() }),
  run: ({ id, deadLetters, eventId }, { environment }) =>
    api.listWebhookDeliveries(environment, id, deadLetters ? "FAILED" : eventId ? { eventId } : undefined),
});
