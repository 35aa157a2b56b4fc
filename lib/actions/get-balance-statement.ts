"use server";

import { statementCurrencyParamSchema, statementQuerySchema } from "@/lib/schemas/statement";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/balances/{currency}/statement: the Balances page. */
export const getBalanceStatement = action({
  name: "getBalanceStatement",
  permission: "read",
  kind: "read",
  input: statementCurrencyParamSchema.extend(statementQuerySchema.shape),
  run: ({ currency, ...query }, { environment }) => api.getBalanceStatement(environment, currency, query),
});
