import "server-only";
import { z } from "@/lib/schemas/zod";
import { controlledAction } from "./controlled-action";
import { shortDestination } from "./facts";
import { payeeInputSchema } from "./payee-form";
import { addPayee, payeeKey } from "./payees";
import { ruleBodySchema } from "./rules";
import { saveRule } from "./store";

/** A new payee as a controlled action: saved when approved (its cooling-off period starts then). */
export const payeeAction = controlledAction({
  body: payeeInputSchema,
  facts: (input) => {
    const body = payeeInputSchema.parse(input);
    return {
      currency: body.currency,
      amount: null,
      destinationType: body.kind === "bank" ? "bank" : "wallet",
      label: `“${body.name}”: ${body.currency} ${body.kind === "bank" ? `bank account ••••${body.address.replace(/\s/g, "").slice(-4)}` : shortDestination(body.address)}`,
    };
  },
  destination: (input) => payeeKey(payeeInputSchema.parse(input)),
  send: async (db, row, input) => {
    const body = payeeInputSchema.parse(input);
    const saved = await addPayee(db, {
      environment: row.environment,
      name: body.name,
      kind: body.kind === "bank" ? "bank" : "wallet",
      currency: body.currency,
      chain: body.chain ?? null,
      address: body.address,
      destination: body.destination ?? null,
      addedBy: row.submittedByEmail,
    });
    return saved
      ? { status: "sent", responseStatus: 201, response: { id: saved.id }, resultId: saved.id }
      : {
          status: "failed",
          responseStatus: 409,
          response: { error: { message: "That address is already in the payee book." } },
          resultId: null,
        };
  },
});

/** A production rule's change, approved by a second administrator: saved then as its next version. */
export const approvalRuleAction = controlledAction({
  body: z.object({ id: z.string().optional(), rule: ruleBodySchema }),
  facts: ({ rule }) => ({
    currency: null,
    amount: null,
    destinationType: null,
    label: `Rule “${rule.name}”${rule.enabled === false ? " switched off" : " changed"}`,
  }),
  destination: () => null,
  send: async (db, row, body) => {
    const saved = await saveRule(db, ruleBodySchema.parse(body.rule), row.submittedByEmail, body.id);
    return saved
      ? { status: "sent", responseStatus: 200, response: { id: saved.id, version: saved.version }, resultId: saved.id }
      : {
          status: "failed",
          responseStatus: 409,
          response: { error: { message: "The rule could not be saved." } },
          resultId: null,
        };
  },
});
