import "server-only";
import { balanceRoutes } from "./balances";
import { disbursementRoutes } from "./disbursements";
import { eventRoutes } from "./events";
import { exportRoutes } from "./exports";
import type { ServiceRoute } from "./openapi-helpers";
import { paymentRoutes } from "./payments";
import { rateRoutes } from "./rates";
import { requestLogRoutes } from "./request-logs";
import { sandboxRoutes } from "./sandbox";
import { searchRoutes } from "./search";
import { settlementRequestRoutes } from "./settlement-requests";
import { summaryRoutes } from "./summary";
import { v1PaymentRoutes } from "./v1-payments";
import { webhookRoutes } from "./webhooks";
import { webhookOperationRoutes } from "./webhook-operations";
import { webhookHealthRoutes } from "./webhook-health";
import { webhookFilterRoutes } from "./webhook-filter";

/**
 * Every operation of the API, in the order they are mounted (and listed in the OpenAPI
 * document). Each resource file declares its routes with zod-openapi and exports them as a
 * list; a new resource is one line here.
 */
export const ROUTES: readonly ServiceRoute[] = [
  ...settlementRequestRoutes,
  ...paymentRoutes,
  ...rateRoutes,
  ...sandboxRoutes,
  ...disbursementRoutes,
  ...v1PaymentRoutes,
  ...webhookRoutes,
  ...webhookOperationRoutes,
  ...webhookHealthRoutes,
  ...webhookFilterRoutes,
  ...eventRoutes,
  ...exportRoutes,
  ...requestLogRoutes,
  ...searchRoutes,
  ...balanceRoutes,
  ...summaryRoutes,
];
