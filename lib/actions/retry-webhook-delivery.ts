"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension). */
export const retryWebhookDelivery = action({
  name: "retryWebhookDelivery",
  permission: "webhooks:manage",
  kind: "mutation",
  input: z.object({ id: idSchema, deliveryId: idSchema }),
  run: ({ id, deliveryId }, { environment }) => api.retryWebhookDelivery(environment, id, deliveryId),
});
