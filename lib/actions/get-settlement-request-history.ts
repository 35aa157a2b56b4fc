"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** GET /v0/settlement-requests/{id}/history (extension): the status timeline. */
export const getSettlementRequestHistory = action({
  name: "getSettlementRequestHistory",
  permission: "read",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getSettlementRequestHistory(environment, id),
});
