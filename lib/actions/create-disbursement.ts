"use server";

import { z } from "@/lib/schemas/zod";
import { disbursementCreateSchema, idempotencyKey } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** POST /v0/disbursements, with one Idempotency-Key per intended submission. */
export const createDisbursement = action({
  name: "createDisbursement",
  kind: "mutation",
  input: z.object({ idempotencyKey, body: disbursementCreateSchema }),
  run: (_input, { environment, raw }) => api.createDisbursement(environment, raw.body, raw.idempotencyKey),
});
