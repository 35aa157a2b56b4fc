"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { idSchema, readAction } from "@/lib/actions/action";

/** GET /v0/webhooks/{id}/rotation (extension): never a secret. */
export const getWebhookRotation = readAction({
  name: "getWebhookRotation",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getWebhookRotation(environment, id),
});
