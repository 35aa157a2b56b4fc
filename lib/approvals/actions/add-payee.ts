"use server";

import { controlled } from "@/lib/approvals/hold";
import { payeeAction } from "@/lib/approvals/own-actions";
import { getDatabase } from "@/lib/db/connection";
import { payeeInputSchema } from "@/lib/approvals/payee-form";
import { addPayee as savePayee, coolingOffMinutes, toPayeeView } from "@/lib/approvals/payees";
import { destinationsOf } from "@/lib/approvals/money-calls";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Saves a wallet or a bank account (any shape the service pays) to the environment's payee book (usable after the cooling-off period). A rule
 * may hold it for approval like a payment: then it is saved when approved.
 */
export const addPayee = consoleAction({
  name: "addPayee",
  permission: "disbursement:create",
  input: payeeInputSchema,
  control: controlled({ payee: payeeAction }, (input) => ({
    action: "payee",
    call: { method: "POST", path: "console:payees", body: input },
  })),
  run: async (input, { environment, actor }) => {
    const { db } = await getDatabase();
    const row = await savePayee(db, {
      environment,
      ...input,
      chain: input.chain ?? null,
      destination: input.destination ?? null,
      addedBy: actor.email,
    });
    if (!row)
      return refused(
        "already_saved",
        input.kind === "bank"
          ? "That bank account is already in the payee book."
          : "That address is already in the payee book.",
        {
          [input.kind === "bank" ? "destination" : "address"]: "Already in the payee book",
        },
      );
    return {
      ok: true,
      data: toPayeeView(
        row,
        await coolingOffMinutes(db, environment),
        (await destinationsOf(db, environment, [row.matchKey])).get(row.matchKey),
      ),
      audit: {
        targetId: row.id,
        environment,
        detail: `“${input.name}”: ${input.kind === "bank" ? `${input.currency} bank account ••••${input.address.replace(/\s/g, "").slice(-4)}` : `${input.currency} on ${input.chain}`}`,
      },
    };
  },
});
