"use server";

import { controlled } from "@/lib/approvals/hold";
import { disbursementAction } from "@/lib/disbursements/controlled-action";
import { z } from "@/lib/schemas/zod";
import { getActor } from "@/lib/auth/session";
import { recordDisbursement } from "@/lib/disbursements/store";
import { getDatabase } from "@/lib/db/connection";
import { disbursementCreateSchema, idempotencyKey } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { mutationAction } from "@/lib/actions/action";

/**
 * POST /v0/disbursements (one Idempotency-Key per intended submission), then remembers the
 * disbursement in the console's own table, since the API has no list of them.
 */
export const createTrackedDisbursement = mutationAction({
  name: "createTrackedDisbursement",
  permission: "disbursement:create",
  input: z.object({ idempotencyKey, body: disbursementCreateSchema }),
  run: async (_input, { environment, raw }) => {
    const result = await api.createDisbursement(environment, raw.body, raw.idempotencyKey);
    if (result.ok) {
      const [{ db }, actor] = await Promise.all([getDatabase(), getActor()]);
      await recordDisbursement(db, environment, result.data, actor?.email ?? null);
    }
    return result;
  },
  control: controlled({ disbursement: disbursementAction }, (_input, { raw }) => ({
    action: "disbursement",
    call: apiCalls.createDisbursement(raw.body, raw.idempotencyKey),
  })),
});
