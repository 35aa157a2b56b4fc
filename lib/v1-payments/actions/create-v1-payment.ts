"use server";

import { controlled } from "@/lib/approvals/hold";
import { v1PaymentAction } from "@/lib/v1-payments/controlled-action";
import { v1PaymentCreateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction } from "@/lib/actions/action";

/** POST /v1/payments (LIQUIDITY): reserves the amount; idempotency via the body's idempotency_key. */
export const createV1Payment = mutationAction({
  name: "createV1Payment",
  permission: "settlement:create",
  input: v1PaymentCreateSchema,
  run: (_body, { environment, raw }) => api.createV1Payment(environment, raw),
  control: controlled({ v1_payment: v1PaymentAction }, (_body, { raw }) => ({
    action: "v1_payment",
    call: apiCalls.createV1Payment(raw),
  })),
});
