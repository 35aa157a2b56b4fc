import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel, shortDestination } from "@/lib/approvals/facts";
import { sendStoredCall, sentOutcome } from "@/lib/approvals/send-stored-call";
import { walletId } from "@/lib/schemas/destination-id";
import { disbursementCreateSchema, disbursementSchema } from "@/lib/schemas/disbursement";
import { recordDisbursement } from "./store";

/** A disbursement as a controlled action: on approval it is sent, then remembered in the console's list (the API has none). */
export const disbursementAction = controlledAction({
  body: disbursementCreateSchema,
  facts: (body) => ({
    currency: body.currency,
    amount: String(body.amount),
    destinationType: "wallet",
    label: `${amountLabel(body.currency, String(body.amount))} → ${shortDestination(body.wallet_address)}`,
  }),
  destination: (body) => walletId(body.wallet_address),
  send: async (db, row) => {
    const answer = await sendStoredCall(row);
    if (!answer.ok) return answer.outcome;
    const parsed = disbursementSchema.safeParse(answer.data);
    if (parsed.success) await recordDisbursement(db, row.environment, parsed.data, row.submittedByEmail);
    return sentOutcome(answer.status, answer.data);
  },
});
