"use server";

import { settlementRequestListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/settlement-requests: page, page_size, status, external_id (exact, every match). */
export const listSettlementRequests = action({
  name: "listSettlementRequests",
  kind: "read",
  input: settlementRequestListQuerySchema,
  run: (query, { environment }) => api.listSettlementRequests(environment, query),
});
