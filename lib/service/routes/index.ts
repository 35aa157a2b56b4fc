import "server-only";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServiceEnv } from "../context";
import { registerBalanceRoutes } from "./balances";
import { registerDisbursementRoutes } from "./disbursements";
import { registerEventRoutes } from "./events";
import { registerPaymentRoutes } from "./payments";
import { registerRateRoutes } from "./rates";
import { registerRequestLogRoutes } from "./request-logs";
import { registerSandboxRoutes } from "./sandbox";
import { registerSearchRoutes } from "./search";
import { registerSummaryRoutes } from "./summary";
import { registerSettlementRequestRoutes } from "./settlement-requests";
import { registerV1PaymentRoutes } from "./v1-payments";
import { registerWebhookRoutes } from "./webhooks";

/** One registrar per API resource; each file declares its routes with zod-openapi. */
const registrars: Array<(app: OpenAPIHono<ServiceEnv>) => void> = [
  registerSettlementRequestRoutes,
  registerPaymentRoutes,
  registerRateRoutes,
  registerSandboxRoutes,
  registerDisbursementRoutes,
  registerV1PaymentRoutes,
  registerWebhookRoutes,
  registerEventRoutes,
  registerRequestLogRoutes,
  registerSearchRoutes,
  registerBalanceRoutes,
  registerSummaryRoutes,
];

export function registerRoutes(app: OpenAPIHono<ServiceEnv>): void {
  for (const register of registrars) register(app);
}
