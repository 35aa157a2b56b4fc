"use server";

import { paymentListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/payments: filters status, type, settlement_request_id. */
export const listPayments = readAction({
  name: "listPayments",
  permission: "read",
  input: paymentListQuerySchema,
  run: (query, { environment }) => api.listPayments(environment, query),
});
