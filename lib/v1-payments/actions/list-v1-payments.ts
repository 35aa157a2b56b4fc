"use server";

import { v1PaymentListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v1/payments. */
export const listV1Payments = readAction({
  name: "listV1Payments",
  permission: "read",
  input: v1PaymentListQuerySchema,
  run: (query, { environment }) => api.listV1Payments(environment, query),
});
