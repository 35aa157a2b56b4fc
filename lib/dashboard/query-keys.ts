/**
 * The query-key factory (docs/develop/architecture.md, "Data on screen"): every key starts with the environment, so switching
 * environment never shows the other one's data, and a mutation invalidates by prefix.
 */
import type { Environment } from "./environment-schema";

type Filters = Record<string, string | number | undefined>;

export const queryKeys = {
  all: (env: Environment) => [env] as const,
  /** `settlement-console listen` sessions (sandbox only, any page environment). */
  listenSessions: () => ["sandbox", "listen-sessions"] as const,
  batches: {
    /** One batch, every page and filter of its rows (to read it all again after an action). */
    detail: (env: Environment, id: string) => [env, "batches", id] as const,
    page: (env: Environment, id: string, page: number, filter: string) => [env, "batches", id, page, filter] as const,
  },
  settlementRequests: {
    all: (env: Environment) => [env, "settlement-requests"] as const,
    /** Every page and filter of the list (to invalidate them all). */
    lists: (env: Environment) => [env, "settlement-requests", "list"] as const,
    list: (env: Environment, filters: Filters) => [env, "settlement-requests", "list", filters] as const,
    detail: (env: Environment, id: string) => [env, "settlement-requests", "detail", id] as const,
    history: (env: Environment, id: string) => [env, "settlement-requests", "detail", id, "history"] as const,
    /** Its payments' events; keyed by the payments' statuses, so a payment move reads them again. */
    paymentEvents: (env: Environment, id: string, paymentStatuses: string) =>
      [env, "settlement-requests", "detail", id, "payment-events", paymentStatuses] as const,
  },
  payments: {
    all: (env: Environment) => [env, "payments"] as const,
    list: (env: Environment, filters: Filters) => [env, "payments", "list", filters] as const,
    detail: (env: Environment, id: string) => [env, "payments", "detail", id] as const,
  },
  disbursements: {
    all: (env: Environment) => [env, "disbursements"] as const,
    list: (env: Environment, filters: Filters) => [env, "disbursements", "list", filters] as const,
    detail: (env: Environment, id: string) => [env, "disbursements", "detail", id] as const,
  },
  webhooks: {
    all: (env: Environment) => [env, "webhooks"] as const,
    list: (env: Environment) => [env, "webhooks", "list"] as const,
    deliveries: (env: Environment, id: string, deadLetters = false) =>
      deadLetters
        ? ([env, "webhooks", "deliveries", id, "dead"] as const)
        : ([env, "webhooks", "deliveries", id] as const),
    rotation: (env: Environment, id: string) => [env, "webhooks", "rotation", id] as const,
    throttle: (env: Environment, id: string) => [env, "webhooks", "throttle", id] as const,
    health: (env: Environment, id: string) => [env, "webhooks", "health", id] as const,
    filter: (env: Environment, id: string) => [env, "webhooks", "filter", id] as const,
  },
  rates: (env: Environment, query: Filters) => [env, "rates", query] as const,
  search: (env: Environment, q: string) => [env, "search", q] as const,
  sandboxInfo: (env: Environment) => [env, "sandbox", "info"] as const,
  sandboxClock: (env: Environment) => [env, "sandbox", "clock"] as const,
  v1Payments: {
    all: (env: Environment) => [env, "v1-payments"] as const,
    list: (env: Environment, filters: Filters) => [env, "v1-payments", "list", filters] as const,
    detail: (env: Environment, id: string) => [env, "v1-payments", "detail", id] as const,
  },
};
