import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The console's Prometheus metrics (GET /api/metrics with METRICS_TOKEN). Counters and
 * histograms are counted where things happen; gauges that need a look (outbox depth, SSE
 * clients, request-log drops) are read when scraped, through the collectors registered by
 * lib/instance/metrics-collectors.ts. One registry per process: each instance is scraped on its own.
 */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create() {
  const registry = new Registry();
  registry.setDefaultLabels({ app: "settlement-console" });
  return {
    registry,
    apiRequests: new Counter({
      name: "console_api_requests_total",
      help: "API requests answered by the embedded service, by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    apiLatency: new Histogram({
      name: "console_api_request_duration_seconds",
      help: "Time to answer an API request, by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
      registers: [registry],
    }),
    actions: new Counter({
      name: "console_server_actions_total",
      help: "Server actions called, by action and result (ok or an error code).",
      labelNames: ["action", "result"] as const,
      registers: [registry],
    }),
    actionLatency: new Histogram({
      name: "console_server_action_duration_seconds",
      help: "Time a server action took, by action.",
      labelNames: ["action"] as const,
      buckets: SECONDS,
      registers: [registry],
    }),
    deliveries: new Counter({
      name: "console_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome: delivered, failed (HTTP status class or error).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "console_rate_limit_refusals_total",
      help: "API requests refused with 429, by environment.",
      labelNames: ["environment"] as const,
      registers: [registry],
    }),
    outboxDepth: new Gauge({
      name: "console_outbox_depth",
      help: "Webhook deliveries waiting (PENDING), due or not.",
      registers: [registry],
    }),
    outboxDue: new Gauge({
      name: "console_outbox_due",
      help: "Webhook deliveries due now and not yet sent.",
      registers: [registry],
    }),
    databaseUp: new Gauge({
      name: "console_database_up",
      help: "1 while this instance reaches its database, 0 while it answers 503 and retries (issue 49).",
      registers: [registry],
    }),
    databaseLosses: new Gauge({
      name: "console_database_losses_total",
      help: "Times this instance lost its database since it started.",
      registers: [registry],
    }),
    databaseRecoveries: new Gauge({
      name: "console_database_recoveries_total",
      help: "Times this instance reached its database again after losing it.",
      registers: [registry],
    }),
    requestLogDrops: new Gauge({
      name: "console_request_log_drops_total",
      help: "Request-log entries dropped since start (buffer full or write failed).",
      registers: [registry],
    }),
    sseClients: new Gauge({
      name: "console_sse_clients",
      help: "Live (SSE) streams open on this instance.",
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof create>;
const holder = globalThis as typeof globalThis & { __consoleMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__consoleMetrics ??= create();
  return holder.__consoleMetrics;
}

/** A delivery attempt's outcome as a label with few values. */
export function deliveryOutcome(result: { ok: boolean; httpStatus: number | null }): string {
  if (result.ok) return "delivered";
  if (result.httpStatus === null) return "failed_no_response";
  return `failed_${Math.floor(result.httpStatus / 100)}xx`;
}
