"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** GET /v0/webhooks/{id}. */
export const getWebhook = action({
  name: "getWebhook",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhook(environment, id, "/v0"),
});
