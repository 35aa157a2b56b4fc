"use server";

import { recordAudit } from "@/lib/auth/audit";
import { signInstructionsLink } from "@/lib/pay/instructions-link";
import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/**
 * A link to one request's payment instructions for its payer (`/pay/<token>`), valid until the
 * instructions are: signed, not stored (lib/pay/instructions-link.ts). Re-sending
 * instructions is a support task too; every link made is in the audit trail.
 */
export const sharePaymentInstructions = readAction({
  name: "sharePaymentInstructions",
  permission: "instructions:share",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { environment, actor }) => {
    const found = await api.getSettlementRequest(environment, id);
    if (!found.ok) return found;
    const expiresAt = new Date(found.data.payment_instructions.valid_until);
    const token = signInstructionsLink({ environment, requestId: found.data.id, expiresAt, issuedAt: new Date() });
    await recordAudit({
      actor,
      action: "sharePaymentInstructions",
      targetId: found.data.id,
      environment,
      result: "ok",
      detail: "payer link made",
    });
    return { ...found, data: { path: `/pay/${token}`, expiresAt: expiresAt.toISOString() } };
  },
});
