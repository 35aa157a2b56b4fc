"use server";

import { paginationQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/webhooks. */
export const listWebhooks = readAction({
  name: "listWebhooks",
  permission: "read",
  input: paginationQuerySchema,
  run: (query, { environment }) => api.listWebhooks(environment, query, "/v0"),
});
