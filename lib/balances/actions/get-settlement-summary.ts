"use server";

import { summaryQuerySchema } from "@/lib/schemas/summary";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/summary: the overview's figures and charts. */
export const getSettlementSummary = readAction({
  name: "getSettlementSummary",
  permission: "read",
  input: summaryQuerySchema,
  run: (query, { environment }) => api.getSettlementSummary(environment, query),
});
