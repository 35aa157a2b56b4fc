import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import {
  disbursementCreateSchema,
  disbursementListQuerySchema,
  disbursementPageSchema,
  disbursementSchema,
} from "@/lib/schemas/disbursement";
import { idempotency } from "../middleware/idempotency";
import { createDisbursement } from "../use-cases/create-disbursement";
import { getDisbursement } from "../use-cases/get-disbursement";
import { listDisbursements } from "../use-cases/list-disbursements";
import { SANDBOX_SEED_BALANCES } from "../use-cases/balances";
import { errorJson as error, json, jsonBody, serviceRoute, unauthorized, type ServiceRoute } from "./openapi-helpers";

const create = createRoute({
  method: "post",
  path: "/v0/disbursements",
  tags: ["Disbursements"],
  summary: "Send a stablecoin amount from the pre-funded balance to a wallet",
  description: [
    "Reserves `amount` from the pre-funded balance of `currency` in the key's environment and answers 201 with the",
    "disbursement PENDING. The simulated rail moves it to PROCESSING and then COMPLETED (its outbound payment, under",
    "/v0/payments, gets a `transaction_hash`; the reserve is consumed). A FAILED disbursement releases its reserve and",
    "carries `failure_reason {code, message}`. `chain` is inferred from the address when omitted (0x: ETHEREUM).",
    "`destination_id` is stable per (account, chain, address). Optional `Idempotency-Key` header, as for settlement",
    `requests. Sandbox balances start at ${Object.entries(SANDBOX_SEED_BALANCES)
      .map(([c, a]) => `${a} ${c}`)
      .join(", ")};`,
    "production balances are set by the operator.",
  ].join(" "),
  middleware: [idempotency("disbursements")] as const,
  request: {
    headers: z.object({
      "idempotency-key": z.string().optional().meta({ description: "1–255 printable characters; replays for 24 h" }),
    }),
    body: jsonBody(disbursementCreateSchema),
  },
  responses: {
    201: json(disbursementSchema, "Created, PENDING, amount reserved"),
    400: error("A field breaks a rule (named in details), or idempotency_mismatch"),
    401: unauthorized,
    409: error("idempotency_conflict: a request with this key is in flight"),
    422: error("insufficient_funds: the available balance of the currency is below the amount"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v0/disbursements/{id}",
  tags: ["Disbursements"],
  summary: "Retrieve a disbursement",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(disbursementSchema, "The disbursement"),
    401: unauthorized,
    404: error("No disbursement with this id in the key's account and environment"),
  },
});

const list = createRoute({
  method: "get",
  path: "/v0/disbursements",
  tags: ["Disbursements"],
  summary: "List disbursements (extension)",
  "x-extension": true,
  description: [
    "The key's account and environment, newest first; filters `status`, `currency` and the created-at range",
    "(`created_from`, `created_to`); `include=totals` adds the count and per-currency sums of the whole filtered set.",
  ].join(" "),
  request: { query: disbursementListQuerySchema },
  responses: {
    200: json(disbursementPageSchema, "A page of disbursements"),
    400: error("A query parameter breaks a rule (named in details)"),
    401: error("Missing or unknown X-Api-Key"),
  },
});

export const disbursementRoutes: ServiceRoute[] = [
  serviceRoute(create, async (c) =>
    c.json(await createDisbursement(c.get("deps"), c.get("caller"), c.req.valid("json")), 201),
  ),
  serviceRoute(list, async (c) =>
    c.json(await listDisbursements(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(get, async (c) =>
    c.json(await getDisbursement(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
];
