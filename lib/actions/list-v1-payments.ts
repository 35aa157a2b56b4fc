"use server";

import { v1PaymentListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v1/payments. */
export const listV1Payments = action({
  name: "listV1Payments",
  permission: "read",
  kind: "read",
  input: v1PaymentListQuerySchema,
  run: (query, { environment }) => api.listV1Payments(environment, query),
});
