import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { paginated } from "@/lib/schemas/list";
import {
  v1NotificationSchema,
  v1PaymentCreateSchema,
  v1PaymentListQuerySchema,
  v1PaymentSchema,
  v1SandboxPaymentStatusSchema,
} from "@/lib/schemas/v1-payment";
import { sandboxOnly } from "../middleware/auth";
import { fromBodyField, idempotency } from "../middleware/idempotency";
import { NETWORK_FEE_DESCRIPTION } from "../quotes/network-fees";
import { createV1Payment } from "../use-cases/create-v1-payment";
import { getV1Payment } from "../use-cases/get-v1-payment";
import { listV1Payments } from "../use-cases/list-v1-payments";
import { notifyV1Payment } from "../use-cases/notify-v1-payment";
import { sandboxSetV1PaymentStatus } from "../use-cases/sandbox-set-v1-payment-status";
import {
  errorJson as error,
  json,
  jsonBody as body,
  serviceRoute,
  unauthorized,
  type ServiceRoute,
} from "./openapi-helpers";

const idParam = z.object({ id: z.string().min(1).max(64) });

const create = createRoute({
  method: "post",
  path: "/v1/payments",
  tags: ["v1 payments"],
  summary: "Create a LIQUIDITY payment",
  description: [
    "Reserves `amount` from the pre-funded balance and answers 201 with the payment CREATED. 422 insufficient_funds",
    "when the available balance is below the amount plus the chain's network fee. Send the notification within 5",
    "minutes (`expires_at`), or the payment EXPIRES and the reserve is released. No platform fee; the network fee is",
    `debited from the balance separately when the transfer confirms. ${NETWORK_FEE_DESCRIPTION}`,
    "Body `idempotency_key`: the same key with the same body returns the original answer (24 h); with another body,",
    "400 idempotency_mismatch.",
  ].join(" "),
  middleware: [idempotency("v1_payments", fromBodyField("idempotency_key"))] as const,
  request: { body: body(v1PaymentCreateSchema) },
  responses: {
    201: json(v1PaymentSchema, "Created; amount reserved"),
    400: error("A field breaks a rule (named in details), or idempotency_mismatch"),
    401: unauthorized,
    409: error("idempotency_conflict"),
    422: error("insufficient_funds: available < amount + network fee"),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/payments",
  tags: ["v1 payments"],
  summary: "List payments, newest first",
  request: { query: v1PaymentListQuerySchema },
  responses: {
    200: json(paginated(v1PaymentSchema), "A page of payments"),
    400: error("Bad page, page_size or status"),
    401: unauthorized,
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/payments/{id}",
  tags: ["v1 payments"],
  summary: "Retrieve a payment",
  request: { params: idParam },
  responses: {
    200: json(v1PaymentSchema, "The payment"),
    401: unauthorized,
    404: error("Unknown id (or another account's)"),
  },
});

const notify = createRoute({
  method: "post",
  path: "/v1/payments/notifications",
  tags: ["v1 payments"],
  summary: "Notify an incoming fiat payment; starts the on-chain transfer",
  description:
    "Moves the payment with `reference_id` from CREATED to PROCESSING (200, the payment). The simulated on-chain confirmation then completes it with a `transaction_hash`. Unknown reference: 404; a payment no longer CREATED (expired, already notified): 409 invalid_transition.",
  request: { body: body(v1NotificationSchema) },
  responses: {
    200: json(v1PaymentSchema, "The payment, PROCESSING"),
    400: error("type must be INCOMING_PAYMENT, rail WIRE"),
    401: unauthorized,
    404: error("No payment with this reference_id"),
    409: error("invalid_transition"),
  },
});

const sandboxStatus = createRoute({
  method: "patch",
  path: "/v1/sandbox/payments/{id}/status",
  "x-extension": true,
  tags: ["v1 payments"],
  summary: "Sandbox: move a payment along the state table (extension)",
  description:
    "Sandbox keys only. PROCESSING (as a notification), COMPLETED (as the on-chain confirmation), FAILED (a transfer failure: reserve released), EXPIRED (reserve released). Moves the /v1 state table forbids: 409 invalid_transition.",
  middleware: [sandboxOnly] as const,
  request: { params: idParam, body: body(v1SandboxPaymentStatusSchema) },
  responses: {
    200: json(v1PaymentSchema, "The payment after the move"),
    400: error("Bad status"),
    401: unauthorized,
    403: error("Production key"),
    404: error("Unknown id"),
    409: error("invalid_transition"),
  },
});

export const v1PaymentRoutes: ServiceRoute[] = [
  serviceRoute(create, async (c) =>
    c.json(await createV1Payment(c.get("deps"), c.get("caller"), c.req.valid("json")), 201),
  ),
  serviceRoute(list, async (c) =>
    c.json(await listV1Payments(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(notify, async (c) =>
    c.json(await notifyV1Payment(c.get("deps"), c.get("caller"), c.req.valid("json")), 200),
  ),
  serviceRoute(get, async (c) =>
    c.json(await getV1Payment(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
  serviceRoute(sandboxStatus, async (c) =>
    c.json(
      await sandboxSetV1PaymentStatus(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  ),
];
