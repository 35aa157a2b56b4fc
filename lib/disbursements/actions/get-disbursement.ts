"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/** GET /v0/disbursements/{id}. */
export const getDisbursement = readAction({
  name: "getDisbursement",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getDisbursement(environment, id),
});
