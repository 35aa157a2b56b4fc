"use server";

import { toRequestRows } from "@/lib/dashboard/request-rows";
import { settlementRequestListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/**
 * GET /v0/settlement-requests: page, page_size, status, external_id (exact, every match); each
 * request as the lists show it (lib/dashboard/request-rows.ts).
 */
export const listSettlementRequests = readAction({
  name: "listSettlementRequests",
  permission: "read",
  input: settlementRequestListQuerySchema,
  run: async (query, { environment }) => {
    const result = await api.listSettlementRequests(environment, query);
    return result.ok ? { ...result, data: toRequestRows(result.data) } : result;
  },
});
