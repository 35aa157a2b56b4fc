"use server";

import { statementCurrencyParamSchema, statementQuerySchema } from "@/lib/schemas/statement";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/balances/{currency}/statement: the Balances page. */
export const getBalanceStatement = readAction({
  name: "getBalanceStatement",
  permission: "read",
  input: statementCurrencyParamSchema.extend(statementQuerySchema.shape),
  run: ({ currency, ...query }, { environment }) => api.getBalanceStatement(environment, currency, query),
});
