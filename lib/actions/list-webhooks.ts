"use server";

import { paginationQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/webhooks. */
export const listWebhooks = action({
  name: "listWebhooks",
  permission: "read",
  kind: "read",
  input: paginationQuerySchema,
  run: (query, { environment }) => api.listWebhooks(environment, query, "/v0"),
});
