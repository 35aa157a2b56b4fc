import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { settlementRequestFacts } from "@/lib/approvals/facts";
import { sendAsStored } from "@/lib/approvals/send-stored-call";
import { destinationIdOf } from "@/lib/schemas/destination-id";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";

/** A settlement request as a controlled action: its payout destination is the account it pays. */
export const settlementRequestAction = controlledAction({
  body: settlementRequestCreateSchema,
  facts: settlementRequestFacts,
  destination: (body) => destinationIdOf(body.destination),
  send: (_db, row) => sendAsStored(row),
});
