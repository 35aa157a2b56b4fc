"use server";

import { v1PaymentCreateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction } from "./action";

/** POST /v1/payments (LIQUIDITY): reserves the amount; idempotency via the body's idempotency_key. */
export const createV1Payment = mutationAction({
  name: "createV1Payment",
  permission: "settlement:create",
  input: v1PaymentCreateSchema,
  run: (_body, { environment, raw }) => api.createV1Payment(environment, raw),
  control: (_body, { raw }) => ({ action: "v1_payment", call: apiCalls.createV1Payment(raw) }),
});
