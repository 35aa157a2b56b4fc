"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** DELETE /v1/webhooks/{id} (204). */
export const deleteV1Webhook = action({
  name: "deleteV1Webhook",
  kind: "mutation",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.deleteWebhook(environment, id, "/v1"),
});
