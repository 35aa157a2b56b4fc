"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/** GET /v0/settlement-requests/{id}. */
export const getSettlementRequest = readAction({
  name: "getSettlementRequest",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getSettlementRequest(environment, id),
});
