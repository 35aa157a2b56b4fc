"use server";

import { z } from "@/lib/schemas/zod";
import { settlementRequestUpdateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { afterMove } from "@/lib/pay/pay-links";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** PUT /v0/settlement-requests/{id}: a client move (FUNDS_SENT with txHash, cancel, complete, ...). */
export const updateSettlementRequest = mutationAction({
  name: "updateSettlementRequest",
  permission: "settlement:update",
  input: z.object({ id: idSchema, body: settlementRequestUpdateSchema }),
  run: async ({ id, body }, { environment }) =>
    afterMove(environment, await api.updateSettlementRequest(environment, id, body), () => id),
});
