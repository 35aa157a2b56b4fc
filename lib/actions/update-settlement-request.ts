"use server";

import { z } from "@/lib/schemas/zod";
import { settlementRequestUpdateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** PUT /v0/settlement-requests/{id}: a client move (FUNDS_SENT with txHash, cancel, complete, ...). */
export const updateSettlementRequest = action({
  name: "updateSettlementRequest",
  permission: "settlement:update",
  kind: "mutation",
  input: z.object({ id: idSchema, body: settlementRequestUpdateSchema }),
  run: ({ id, body }, { environment }) => api.updateSettlementRequest(environment, id, body),
});
