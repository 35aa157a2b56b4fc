import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { rateQuerySchema, rateResponseSchema } from "@/lib/schemas/rates";
import { feeScheduleMarkdown } from "../quotes/fees";
import { getRate } from "../use-cases/get-rate";
import { apiKeySecurity, errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const get = createRoute({
  method: "get",
  path: "/v0/rates",
  tags: ["Rates"],
  security: apiKeySecurity,
  summary: "Indicative exchange rate with the platform fee applied",
  description: [
    "Does not lock a quote. Exactly one of sourceAmount and destinationAmount; the other side is computed:",
    "`fee = round_half_up(fixed + S × variable)` at the source precision, `D = round_down((S − fee) × mid)` at the",
    "destination precision, `effective_rate = D / S`, `inverted_mid_market_rate = 1 / mid`. Given D, S is the smallest",
    "amount at source precision whose D reaches it. Mid-market rates come from a fixed table (stablecoins 1:1 with",
    "their fiat).",
    "",
    "Fee schedule:",
    "",
    feeScheduleMarkdown(),
  ].join("\n"),
  request: { query: rateQuerySchema },
  responses: { 200: json(rateResponseSchema, "The rate"), ...errorResponses(400) },
});

export const rateRoutes: ServiceRoute[] = [
  serviceRoute(get, (c) => c.json(getRate(c.get("deps"), c.req.valid("query")), 200)),
];
