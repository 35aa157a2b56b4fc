"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** GET /v0/disbursements/{id}. */
export const getDisbursement = action({
  name: "getDisbursement",
  permission: "read",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getDisbursement(environment, id),
});
