import "server-only";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { rateQuerySchema, rateResponseSchema } from "@/lib/schemas/rates";
import { API_KEY_SCHEME } from "../openapi";
import type { ServiceEnv } from "../context";
import { feeScheduleMarkdown } from "../quotes/fees";
import { getRate } from "../use-cases/get-rate";
import { errorResponses, json } from "./settlement-requests.errors";

const get = createRoute({
  method: "get",
  path: "/v0/rates",
  tags: ["Rates"],
  security: [{ [API_KEY_SCHEME]: [] }],
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

export function registerRateRoutes(app: OpenAPIHono<ServiceEnv>): void {
  app.openapi(get, (c) => c.json(getRate(c.get("deps"), c.req.valid("query")), 200));
}
