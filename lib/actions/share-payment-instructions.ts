"use server";

import { signInstructionsLink } from "@/lib/dashboard/instructions-link";
import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action, idSchema } from "./action";

/**
 * A link to one request's payment instructions for its payer (`/pay/<token>`), valid until the
 * instructions are: signed, not stored (lib/dashboard/instructions-link.ts).
 */
export const sharePaymentInstructions = action({
  name: "sharePaymentInstructions",
  permission: "settlement:create",
  kind: "read",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { environment }) => {
    const found = await api.getSettlementRequest(environment, id);
    if (!found.ok) return found;
    const expiresAt = new Date(found.data.payment_instructions.valid_until);
    const token = signInstructionsLink({ environment, requestId: found.data.id, expiresAt });
    return { ...found, data: { path: `/pay/${token}`, expiresAt: expiresAt.toISOString() } };
  },
});
