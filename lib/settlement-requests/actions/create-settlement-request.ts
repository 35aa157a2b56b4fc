"use server";

import { controlled } from "@/lib/approvals/hold";
import { settlementRequestAction } from "@/lib/settlement-requests/controlled-action";
import { z } from "@/lib/schemas/zod";
import { idempotencyKey, settlementRequestCreateSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction } from "@/lib/actions/action";

/**
 * POST /v0/settlement-requests. `idempotencyKey` belongs to one intended submission: the form
 * makes it when opened and reuses it on retries, so a double click creates one request.
 */
export const createSettlementRequest = mutationAction({
  name: "createSettlementRequest",
  permission: "settlement:create",
  input: z.object({ idempotencyKey, body: settlementRequestCreateSchema }),
  // The body as the person wrote it (validated above): defaults are the service's to apply.
  run: (_input, { environment, raw }) => api.createSettlementRequest(environment, raw.body, raw.idempotencyKey),
  control: controlled({ settlement_request: settlementRequestAction }, (_input, { raw }) => ({
    action: "settlement_request",
    call: apiCalls.createSettlementRequest(raw.body, raw.idempotencyKey),
  })),
});
