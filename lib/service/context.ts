import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import type { RateSource } from "./quotes/rate-source";
import type { Clock } from "./clock";
import type { Db } from "@/lib/db/database";
import type { KeyOwner } from "./store/api-keys";

export interface ServiceConfig {
  rateLimitPerMinute: Record<Environment, number>;
  /** Seconds the simulated rails take per step. */
  railDelays: { sentSeconds: number; completedSeconds: number };
  /** account.balance.low fires when available falls below this (in the currency's units). */
  lowBalanceThreshold: string;
  /** Log every keyed call (decision D11); default on. Off only for benchmarks that compare. */
  requestLog?: boolean;
  /** Sandbox webhook endpoints may target private, link-local and special-use addresses (loopback always). */
  sandboxWebhookAllowPrivate?: boolean;
  /** The collection bank's name in production payment instructions (default "Settlement Clearing Bank"). */
  productionBankName?: string;
  /** Sandbox webhook endpoints may target loopback (default true: a local console; false on a hosted one). */
  sandboxWebhookAllowLoopback?: boolean;
  /** The operator's token for /v0/admin/api-keys; unset: those routes do not exist (404). */
  adminToken?: string;
  /** Webhook delivery tuning (outbox/worker.ts has the defaults: 10 s timeout, 30 s lease, 128 in flight, 32 per endpoint). */
  webhooks?: Partial<WebhookDeliveryConfig>;
}

export interface WebhookDeliveryConfig {
  /** One attempt's time limit, connect to last byte (decisions D9: 10 s). */
  timeoutMs: number;
  /** How long a claimed delivery stays invisible to other workers; must exceed timeoutMs. */
  leaseMs: number;
  /** Sends in flight per instance. */
  concurrency: number;
  /** Sends in flight per endpoint per instance, so one slow endpoint cannot take every slot. */
  perEndpoint: number;
}

/** What every use case may need: no HTTP in here. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  rates: RateSource;
  config: ServiceConfig;
}

/** Who is calling: the account and environment the API key belongs to. */
export type Caller = KeyOwner;

export type ServiceEnv = {
  Variables: {
    deps: ServiceDeps;
    /** The service's own deps (the service clock); `deps` carries the caller's sandbox clock. */
    serviceDeps: ServiceDeps;
    caller: Caller;
    requestId: string;
    /** The parsed JSON body, once the body middleware has read it. */
    body: unknown;
    /** When the request log started timing this request (only when it will be logged). */
    logStarted: number;
    /** Set once the request log has its entry: an error answer reaches both the error handler and the frame. */
    logRecorded: boolean;
    /** RateLimit-* of the caller's key, once counted; every answer carries them. */
    rateLimitHeaders: Record<string, string>;
    /** The pattern of the route serving this request, or "unmatched" (looked up once, as it starts). */
    route: string;
  };
};
