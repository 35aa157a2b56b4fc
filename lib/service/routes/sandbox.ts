import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { paymentSchema } from "@/lib/schemas/payment";
import {
  sandboxClockAdvanceSchema,
  sandboxClockSchema,
  sandboxFundSchema,
  balanceSchema,
  sandboxInfoSchema,
  sandboxPaymentStatusSchema,
  sandboxSettlementStatusSchema,
} from "@/lib/schemas/sandbox";
import { settlementRequestSchema } from "@/lib/schemas/settlement-request-response";
import { sandboxOnly } from "../middleware/auth";
import { getSandboxInfo } from "../use-cases/get-sandbox-info";
import { fundSandbox } from "../use-cases/fund-sandbox";
import { advanceSandboxClock, getSandboxClock } from "../use-cases/sandbox-clock";
import { sandboxSetPaymentStatus } from "../use-cases/sandbox-set-payment-status";
import { sandboxSetSettlementRequestStatus } from "../use-cases/sandbox-set-settlement-request-status";
import { apiKeySecurity, errorResponses, json, jsonBody, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const tags = ["Sandbox"];
const security = apiKeySecurity;
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
    body: jsonBody(sandboxSettlementStatusSchema),
  },
  responses: {
    200: json(settlementRequestSchema, "The settlement request"),
    ...errorResponses(400, 403, 404, 413, 415),
  },
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
    body: jsonBody(sandboxPaymentStatusSchema),
  },
  responses: { 200: json(paymentSchema, "The payment"), ...errorResponses(400, 403, 404, 409, 413, 415) },
});

const clockText =
  "Each account's sandbox has its own clock, which only moves forward. Every sandbox timestamp of the account (created_at, " +
  "valid_until, history, event created_at, server_time) reads it; webhook signatures keep wall time in `t`, since receivers " +
  "check it against their own clocks. Another account's clock never moves. Production keys: 403.";

const clock = createRoute({
  method: "get",
  path: "/v0/sandbox/clock",
  tags,
  security,
  middleware,
  summary: "Read the account's sandbox clock (extension)",
  description: clockText,
  "x-extension": true,
  responses: { 200: json(sandboxClockSchema, "The sandbox clock"), ...errorResponses(403) },
});

const advance = createRoute({
  method: "post",
  path: "/v0/sandbox/clock/advance",
  tags,
  security,
  middleware,
  summary: "Move the account's sandbox clock forward (extension)",
  description:
    `${clockText} \`seconds\` is a whole number from 1 to 2,592,000 (30 days). Every time move that became due is applied before ` +
    "the answer: request expiry, late funds, the simulated rails, /v1 expiry. Webhook attempts that became due are sent right " +
    "after, and their times follow the sandbox clock, so the whole 10-attempt retry schedule can be watched in seconds.",
  "x-extension": true,
  request: { body: jsonBody(sandboxClockAdvanceSchema) },
  responses: {
    200: json(sandboxClockSchema, "The sandbox clock after the advance"),
    ...errorResponses(400, 403, 413, 415),
  },
});

const fund = createRoute({
  method: "post",
  path: "/v0/sandbox/balances/fund",
  tags,
  security,
  middleware,
  summary: "Add to the sandbox's pre-funded balance (extension)",
  description:
    "Adds `amount` of a stablecoin to the account's sandbox balance (available), with one statement entry of kind " +
    "sandbox_fund, so a rehearsal that spent its balance can go on. At the currency's places, at most 10,000,000 at a " +
    "time. Production keys: 403; production balances are set by the operator.",
  "x-extension": true,
  request: { body: jsonBody(sandboxFundSchema) },
  responses: {
    200: json(balanceSchema, "The balance after the top-up"),
    ...errorResponses(400, 403, 413, 415),
  },
});

export const sandboxRoutes: ServiceRoute[] = [
  serviceRoute(fund, async (c) => c.json(await fundSandbox(c.get("deps"), c.get("caller"), c.req.valid("json")), 200)),
  serviceRoute(clock, async (c) => c.json(await getSandboxClock(c.get("serviceDeps"), c.get("caller")), 200)),
  serviceRoute(advance, async (c) =>
    c.json(await advanceSandboxClock(c.get("serviceDeps"), c.get("caller"), c.req.valid("json").seconds), 200),
  ),
  serviceRoute(info, async (c) => c.json(await getSandboxInfo(c.get("deps"), c.get("caller")), 200)),
  serviceRoute(requestStatus, async (c) =>
    c.json(
      await sandboxSetSettlementRequestStatus(
        c.get("deps"),
        c.get("caller"),
        c.req.valid("param").id,
        c.req.valid("json"),
      ),
      200,
    ),
  ),
  serviceRoute(paymentStatus, async (c) =>
    c.json(
      await sandboxSetPaymentStatus(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  ),
];
