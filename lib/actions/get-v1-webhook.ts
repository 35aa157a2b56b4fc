"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** GET /v1/webhooks/{id}. */
export const getV1Webhook = action({
  name: "getV1Webhook",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhook(environment, id, "/v1"),
});
