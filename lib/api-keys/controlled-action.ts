import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { sealSecret } from "@/lib/crypto/secret-box";
import { environmentSchema } from "@/lib/dashboard/environment-schema";
import { keyAdminFor } from "@/lib/settlement-api/key-admin";
import { z } from "@/lib/schemas/zod";

/**
 * A new API key as a controlled action: it grants access, so a rule may hold it. On approval the
 * key is made where this console manages keys (its own database, or the remote service's admin
 * API) and waits, sealed, for its author to reveal it once.
 */
export const apiKeyAction = controlledAction({
  body: z.object({ environment: environmentSchema.optional(), label: z.string().optional() }),
  facts: (body, call) => ({
    currency: null,
    amount: null,
    destinationType: null,
    label: `A ${body.environment ?? call.environment} API key${body.label ? ` “${body.label}”` : ""}`,
  }),
  destination: () => null,
  send: async (_db, row, body) => {
    const environment = body.environment ?? row.environment;
    const made = await keyAdminFor(environment).create(body.label);
    return made.ok
      ? {
          status: "sent",
          responseStatus: 201,
          response: { id: made.data.id, prefix: made.data.prefix, environment },
          resultId: made.data.id,
          secretSealed: sealSecret(made.data.key),
        }
      : {
          status: "failed",
          responseStatus: null,
          response: { error: { code: made.code, message: made.message } },
          resultId: null,
        };
  },
});
