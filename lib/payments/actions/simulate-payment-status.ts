"use server";

import { z } from "@/lib/schemas/zod";
import { sandboxPaymentStatusSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { afterMove } from "@/lib/pay/pay-links";
import { mutationAction, idSchema } from "@/lib/actions/action";

/** PATCH /v0/sandbox/payments/{id}/status: a payment outcome, with `amount` for a mismatch (sandbox only). */
export const simulatePaymentStatus = mutationAction({
  name: "simulatePaymentStatus",
  permission: "sandbox:simulate",
  sandboxOnly: true,
  input: z.object({ id: idSchema, body: sandboxPaymentStatusSchema }),
  run: async ({ id, body }, { environment }) =>
    afterMove(environment, await api.simulatePaymentStatus(environment, id, body), (r) =>
      r.ok ? r.data.settlement_request_id : null,
    ),
});
