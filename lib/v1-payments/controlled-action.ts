import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel, shortDestination } from "@/lib/approvals/facts";
import { sendAsStored } from "@/lib/approvals/send-stored-call";
import { walletId } from "@/lib/schemas/destination-id";
import { v1PaymentCreateSchema } from "@/lib/schemas/v1-payment";

/** A /v1 payment as a controlled action: it pays its destination wallet. */
export const v1PaymentAction = controlledAction({
  body: v1PaymentCreateSchema,
  facts: (body) => ({
    currency: body.currency_code,
    amount: String(body.amount),
    destinationType: "wallet",
    label: `${amountLabel(body.currency_code, String(body.amount))} → ${shortDestination(body.destination_wallet)}`,
  }),
  destination: (body) => walletId(body.destination_wallet),
  send: (_db, row) => sendAsStored(row),
});
