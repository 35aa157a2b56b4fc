import "server-only";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { paymentSchema } from "@/lib/schemas/payment";
import { sandboxInfoSchema, sandboxPaymentStatusSchema, sandboxSettlementStatusSchema } from "@/lib/schemas/sandbox";
import { settlementRequestSchema } from "@/lib/schemas/settlement-request-response";
import { API_KEY_SCHEME } from "../openapi";
import { sandboxOnly } from "../middleware/auth";
import type { ServiceEnv } from "../context";
import { getSandboxInfo } from "../use-cases/get-sandbox-info";
import { sandboxSetPaymentStatus } from "../use-cases/sandbox-set-payment-status";
import { sandboxSetSettlementRequestStatus } from "../use-cases/sandbox-set-settlement-request-status";
import { errorResponses, json } from "./settlement-requests.errors";

const tags = ["Sandbox"];
const security = [{ [API_KEY_SCHEME]: [] }];
const idParam = z.object({ id: z.string() });
const middleware = sandboxOnly;

const info = createRoute({
  method: "get",
  path: "/v0/sandbox/info",
  tags,
  security,
  middleware,
  summary: "Sandbox information: account, balances, supported currencies, rate limit, server time",
  responses: { 200: json(sandboxInfoSchema, "Sandbox information"), ...errorResponses(403) },
});

const requestStatus = createRoute({
  method: "patch",
  path: "/v0/sandbox/settlement-requests/{id}/status",
  tags,
  security,
  middleware,
  summary: "Force a settlement request's status",
  description:
    "Any status of the enumeration (plus AWAITING_PAYIN_RECONCILIATION) from any status, recorded with cause sandbox " +
    "and announced with settlement_request.updated. failure_reason and failure_code are kept on PAYIN_FAILED, " +
    "PAYOUT_FAILED and PAYIN_AMOUNT_MISMATCH and cleared otherwise. The payments are not changed.",
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: sandboxSettlementStatusSchema } } },
  },
  responses: { 200: json(settlementRequestSchema, "The settlement request"), ...errorResponses(400, 403, 404, 413, 415) },
});

const paymentStatus = createRoute({
  method: "patch",
  path: "/v0/sandbox/payments/{id}/status",
  tags,
  security,
  middleware,
  summary: "Force a payment's status",
  description:
    "Any payment status; propagates to the settlement request by the payments table of the state machine. " +
    "`amount` (inbound payments only) is the amount received: with COMPLETED, a different amount moves the request " +
    "to PAYIN_AMOUNT_MISMATCH with failure_code AMOUNT_MISMATCH_UNDERPAYMENT or AMOUNT_MISMATCH_OVERPAYMENT.",
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: sandboxPaymentStatusSchema } } },
  },
  responses: { 200: json(paymentSchema, "The payment"), ...errorResponses(400, 403, 404, 409, 413, 415) },
});

export function registerSandboxRoutes(app: OpenAPIHono<ServiceEnv>): void {
  app.openapi(info, async (c) => c.json(await getSandboxInfo(c.get("deps"), c.get("caller")), 200));
  app.openapi(requestStatus, async (c) =>
    c.json(await sandboxSetSettlementRequestStatus(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(paymentStatus, async (c) =>
    c.json(await sandboxSetPaymentStatus(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
}
