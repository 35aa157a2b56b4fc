"use server";

import { paginationQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v1/webhooks. */
export const listV1Webhooks = action({
  name: "listV1Webhooks",
  kind: "read",
  input: paginationQuerySchema,
  run: (query, { environment }) => api.listWebhooks(environment, query, "/v1"),
});
