import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { statementSchema, type StatementQuery } from "@/lib/schemas/statement";
import { callApi, seg } from "./client";

/** GET /v0/balances/{currency}/statement (extension): movements with running balances. */
export function getBalanceStatement(env: Environment, currency: string, query: StatementQuery) {
  return callApi(env, {
    method: "GET",
    path: `/v0/balances/${seg(currency)}/statement`,
    query,
    schema: statementSchema,
  });
}
