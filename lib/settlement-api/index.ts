import "server-only";

/**
 * The one typed client of the settlement API (decisions D12.1): the only code that calls it and the
 * only place that sends X-Api-Key. Every function takes the environment first and returns an
 * ApiResult; none throws for API errors or network failures.
 */
export * from "./settlement-requests";
export * from "./payments";
export * from "./disbursements";
export * from "./rates";
export * from "./sandbox";
export * from "./webhooks";
export * from "./webhook-health";
export * from "./webhook-filter";
export * from "./v1";
export * from "./request-logs";
export * from "./search";
export * from "./balances";
export * from "./summary";
export * from "./exports";
export { callApi } from "./client";
export { connectionFor, describeConnections } from "./config";
export type { ApiFailure, ApiResult, ApiSuccess } from "./result";
