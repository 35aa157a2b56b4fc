import "server-only";
import { sandboxLoopbackAllowed } from "@/lib/http/outgoing-policy";
import { env } from "@/lib/env";
import { createServiceApp, type ServiceApp } from "./app";
import { bootstrap } from "./bootstrap";
import { systemClock } from "./clock";
import { defaultRateSource } from "./quotes/fixed-rates";
import { getDatabase } from "@/lib/db/connection";
import type { Database } from "@/lib/db/database";
import { stopDelivering } from "./outbox/worker";
import { startWorkers } from "./workers";
import type { ServiceConfig, ServiceDeps } from "./context";

export interface ServiceRuntime {
  app: ServiceApp;
  deps: ServiceDeps;
  database: Database;
  /** Graceful shutdown's first half: no new work is claimed; webhook sends in flight finish and are recorded. */
  stopWork(): Promise<void>;
  /** stopWork, then the database closes. */
  stop(): Promise<void>;
}

export function configFromEnv(): ServiceConfig {
  const e = env();
  return {
    rateLimitPerMinute: { sandbox: e.RATE_LIMIT_SANDBOX_PER_MINUTE, production: e.RATE_LIMIT_PRODUCTION_PER_MINUTE },
    railDelays: { sentSeconds: e.RAIL_SENT_DELAY_SECONDS, completedSeconds: e.RAIL_COMPLETED_DELAY_SECONDS },
    lowBalanceThreshold: e.LOW_BALANCE_THRESHOLD,
    sandboxWebhookAllowPrivate: e.SANDBOX_WEBHOOK_ALLOW_PRIVATE,
    productionBankName: e.PRODUCTION_BANK_NAME,
    // A hosted console (AUTH_URL https) keeps sandbox webhooks off the host's own services (D9.2).
    sandboxWebhookAllowLoopback: sandboxLoopbackAllowed(e),
    requestLog: e.REQUEST_LOG === "on",
    adminToken: e.SERVICE_ADMIN_TOKEN,
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_MS, leaseMs: e.WEBHOOK_LEASE_MS, concurrency: e.WEBHOOK_CONCURRENCY },
  };
}

async function start(): Promise<ServiceRuntime> {
  const e = env();
  const database = await getDatabase();
  const deps: ServiceDeps = { db: database.db, clock: systemClock, rates: defaultRateSource, config: configFromEnv() };
  await bootstrap(deps, { sandbox: e.SETTLEMENT_SANDBOX_API_KEY, production: e.SETTLEMENT_PRODUCTION_API_KEY });
  const stopWorkers = startWorkers(deps, e.WORKER_INTERVAL_MS);
  const app = createServiceApp(deps);
  return {
    app,
    deps,
    database,
    stopWork: async () => {
      await stopDelivering(deps);
      await stopWorkers();
    },
    stop: async () => {
      await stopDelivering(deps);
      await stopWorkers();
      await database.close();
    },
  };
}

const holder = globalThis as typeof globalThis & { __settlementService?: Promise<ServiceRuntime> };

/** The one service of this process (a globalThis singleton survives dev reloads). */
export function getServiceRuntime(): Promise<ServiceRuntime> {
  holder.__settlementService ??= start().catch((error: unknown) => {
    holder.__settlementService = undefined;
    throw error;
  });
  return holder.__settlementService;
}

/** The service if this process started it, without starting it. */
export function startedServiceRuntime(): Promise<ServiceRuntime> | undefined {
  return holder.__settlementService;
}
