import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { paginated, paymentTotalsSchema } from "@/lib/schemas/list";
import { paymentListQuerySchema, paymentSchema } from "@/lib/schemas/payment";
import { getPayment } from "../use-cases/get-payment";
import { listPayments } from "../use-cases/list-payments";
import { apiKeySecurity, errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const tags = ["Payments"];
const security = apiKeySecurity;

const list = createRoute({
  method: "get",
  path: "/v0/payments",
  tags,
  security,
  summary: "List payments",
  description: "Inbound (PAYIN) and outbound (PAYOUT) payments of settlement requests and disbursements, newest first.",
  request: { query: paymentListQuerySchema },
  responses: {
    200: json(paginated(paymentSchema).extend({ totals: paymentTotalsSchema.optional() }), "A page of payments"),
    ...errorResponses(400),
  },
});

const get = createRoute({
  method: "get",
  path: "/v0/payments/{id}",
  tags,
  security,
  summary: "Get a payment",
  request: { params: z.object({ id: z.string().meta({ description: "Payment id (UUID)" }) }) },
  responses: { 200: json(paymentSchema, "The payment"), ...errorResponses(404) },
});

export const paymentRoutes: ServiceRoute[] = [
  serviceRoute(list, async (c) =>
    c.json(await listPayments(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(get, async (c) =>
    c.json(await getPayment(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
];
