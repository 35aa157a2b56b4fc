"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/** GET /v0/payments/{id}. */
export const getPayment = readAction({
  name: "getPayment",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getPayment(environment, id),
});
