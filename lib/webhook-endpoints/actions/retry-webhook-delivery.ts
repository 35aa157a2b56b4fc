"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension). */
export const retryWebhookDelivery = mutationAction({
  name: "retryWebhookDelivery",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, deliveryId: idSchema }),
  run: ({ id, deliveryId }, { environment }) => api.retryWebhookDelivery(environment, id, deliveryId),
});
