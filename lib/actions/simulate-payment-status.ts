"use server";

import { z } from "@/lib/schemas/zod";
import { sandboxPaymentStatusSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/** PATCH /v0/sandbox/payments/{id}/status: a payment outcome, with `amount` for a mismatch (sandbox only). */
export const simulatePaymentStatus = action({
  name: "simulatePaymentStatus",
  permission: "sandbox:simulate",
  kind: "mutation",
  sandboxOnly: true,
  input: z.object({ id: idSchema, body: sandboxPaymentStatusSchema }),
  run: ({ id, body }, { environment }) => api.simulatePaymentStatus(environment, id, body),
});
