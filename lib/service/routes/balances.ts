import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { statementCurrencyParamSchema, statementQuerySchema, statementSchema } from "@/lib/schemas/statement";
import { balanceStatement } from "../use-cases/statement";
import { errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const statement = createRoute({
  method: "get",
  path: "/v0/balances/{currency}/statement",
  operationId: "getBalanceStatement",
  tags: ["Balances"],
  summary: "A balance statement: every movement with the running balance (extension)",
  description:
    "Every ledger movement of the pre-funded balance in one stablecoin (the starting balance, operator changes, reserves, " +
    "releases, consumed reserves, network fees), oldest first, each with the disbursement or /v1 payment that caused it and " +
    "the balance after it; the opening balance (every movement before `from`) and the closing balance (opening plus every " +
    "movement in the range). `from` and `to` take a date (its whole UTC day) or an instant. At most 1,000 movements are " +
    "listed (`truncated` says when there are more); the closing balance always covers the whole range.",
  "x-extension": true,
  request: { params: statementCurrencyParamSchema, query: statementQuerySchema },
  responses: { 200: json(statementSchema, "The statement"), ...errorResponses(400) },
});

export const balanceRoutes: ServiceRoute[] = [
  serviceRoute(statement, async (c) =>
    c.json(
      await balanceStatement(c.get("deps"), c.get("caller"), c.req.valid("param").currency, c.req.valid("query")),
      200,
    ),
  ),
];
