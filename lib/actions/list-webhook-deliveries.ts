"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "./action";

/** GET /v0/webhooks/{id}/deliveries (extension): attempts with time, status, duration. */
export const listWebhookDeliveries = readAction({
  name: "listWebhookDeliveries",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.listWebhookDeliveries(environment, id),
});
