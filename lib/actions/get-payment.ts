"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** GET /v0/payments/{id}. */
export const getPayment = action({
  name: "getPayment",
  permission: "read",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getPayment(environment, id),
});
