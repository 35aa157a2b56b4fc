"use server";

import { z } from "@/lib/schemas/zod";
import { sandboxSettlementStatusSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { afterMove } from "@/lib/pay/pay-links";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** PATCH /v0/sandbox/settlement-requests/{id}/status: force any status (sandbox only). */
export const simulateSettlementRequestStatus = mutationAction({
  name: "simulateSettlementRequestStatus",
  permission: "sandbox:simulate",
  sandboxOnly: true,
  input: z.object({ id: idSchema, body: sandboxSettlementStatusSchema }),
  run: async ({ id, body }, { environment }) =>
    afterMove(environment, await api.simulateSettlementRequestStatus(environment, id, body), () => id),
});
