import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { settlementRequestListQuerySchema, settlementTotalsSchema, paginated } from "@/lib/schemas/list";
import { settlementRequestCreateSchema, settlementRequestUpdateSchema } from "@/lib/schemas/settlement-request";
import { settlementHistorySchema, settlementRequestSchema } from "@/lib/schemas/settlement-request-response";
import { describeClientMoves } from "@/lib/state-machine";
import { idempotency } from "../middleware/idempotency";
import { createSettlementRequest } from "../use-cases/create-settlement-request";
import { getSettlementRequest } from "../use-cases/get-settlement-request";
import { getSettlementRequestHistory } from "../use-cases/get-settlement-request-history";
import { listSettlementRequests } from "../use-cases/list-settlement-requests";
import { updateSettlementRequest } from "../use-cases/update-settlement-request";
import { apiKeySecurity, errorResponses, json, jsonBody, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const tags = ["Settlement requests"];
const security = apiKeySecurity;
const idParam = z.object({ id: z.string().meta({ description: "Settlement request id (UUID)" }) });
const idempotencyHeader = z.object({
  "idempotency-key": z.string().optional().meta({
    description:
      "1–255 printable characters; same key and body within 24 h replays the answer (Idempotent-Replayed: true)",
  }),
});

const create = createRoute({
  method: "post",
  path: "/v0/settlement-requests",
  tags,
  security,
  summary: "Create a settlement request",
  description:
    "Prices the route (decisions D4), returns payment_instructions and starts in REQUEST_STARTED. " +
    "`amount` is the source amount; for STABLECOIN_TO_FIAT (and FIAT_TO_FIAT with destination.amount) it is computed " +
    "as the smallest source amount that delivers destination.amount. Amounts must be payable at the source " +
    "currency's precision (fiat 2 decimals, stablecoins 6) and cover the fee. `transaction_id` is refused after 2026-05-25 " +
    "(400 naming external_id).",
  middleware: [idempotency("settlement_requests")] as const,
  request: {
    headers: idempotencyHeader,
    body: jsonBody(settlementRequestCreateSchema),
  },
  responses: { 201: json(settlementRequestSchema, "The settlement request"), ...errorResponses(400, 409, 413, 415) },
});

const list = createRoute({
  method: "get",
  path: "/v0/settlement-requests",
  tags,
  security,
  summary: "List settlement requests",
  description: "Newest first (created_at desc, then id).",
  request: { query: settlementRequestListQuerySchema },
  responses: {
    200: json(
      paginated(settlementRequestSchema).extend({ totals: settlementTotalsSchema.optional() }),
      "A page of settlement requests",
    ),
    ...errorResponses(400),
  },
});

const get = createRoute({
  method: "get",
  path: "/v0/settlement-requests/{id}",
  tags,
  security,
  summary: "Get a settlement request",
  request: { params: idParam },
  responses: { 200: json(settlementRequestSchema, "The settlement request"), ...errorResponses(404) },
});

const update = createRoute({
  method: "put",
  path: "/v0/settlement-requests/{id}",
  tags,
  security,
  summary: "Update a settlement request's status",
  description:
    `Moves per the state machine (decisions D7): ${describeClientMoves()}. ` +
    "PUT to the current status: 200, nothing changes. Anything else: 409 invalid_transition.",
  request: {
    params: idParam,
    body: jsonBody(settlementRequestUpdateSchema),
  },
  responses: {
    200: json(settlementRequestSchema, "The settlement request"),
    ...errorResponses(400, 404, 409, 413, 415),
  },
});

const history = createRoute({
  method: "get",
  path: "/v0/settlement-requests/{id}/history",
  tags,
  security,
  summary: "Status history of a settlement request (extension)",
  description:
    "Every move with its time, from, to and cause (api, sandbox, payment, scheduler), oldest first, starting with the creation.",
  "x-extension": true,
  request: { params: idParam },
  responses: { 200: json(settlementHistorySchema, "The history"), ...errorResponses(404) },
});

export const settlementRequestRoutes: ServiceRoute[] = [
  serviceRoute(create, async (c) =>
    c.json(await createSettlementRequest(c.get("deps"), c.get("caller"), c.req.valid("json")), 201),
  ),
  serviceRoute(list, async (c) =>
    c.json(await listSettlementRequests(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(get, async (c) =>
    c.json(await getSettlementRequest(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
  serviceRoute(update, async (c) =>
    c.json(
      await updateSettlementRequest(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  ),
  serviceRoute(history, async (c) =>
    c.json(await getSettlementRequestHistory(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
];
