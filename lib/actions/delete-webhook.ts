"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction, idSchema } from "./action";

/** DELETE /v0/webhooks/{id} (204). */
export const deleteWebhook = mutationAction({
  name: "deleteWebhook",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.deleteWebhook(environment, id, "/v0"),
  control: ({ id }) => ({ action: "webhook_endpoint", call: apiCalls.deleteWebhook(id, "/v0") }),
});
