"use server";

import * as api from "@/lib/settlement-api";
import { z } from "@/lib/schemas/zod";
import { STABLECOINS } from "@/lib/schemas/catalog";
import { mutationAction } from "@/lib/actions/action";

/**
 * POST /v0/sandbox/balances/fund (extension, decision D10.7): test money for a rehearsal that
 * spent its balance. Sandbox only; production is funded by the operator.
 */
export const fundSandbox = mutationAction({
  name: "fundSandbox",
  permission: "sandbox:simulate",
  sandboxOnly: true,
  input: z.object({
    currency: z.enum(STABLECOINS),
    amount: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "Enter an amount such as 1000.00"),
  }),
  run: (body, { environment }) => api.fundSandbox(environment, body),
});
