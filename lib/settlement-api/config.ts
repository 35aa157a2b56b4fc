import "server-only";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";

/** Where the console sends API calls for one environment, and with which key. */
export type Connection = {
  environment: Environment;
  baseUrl: string;
  apiKey: string | undefined;
  /** No base URL is configured and the service is embedded: calls go to it in process (service-fetch.ts). */
  embedded: boolean;
};

/**
 * Base URL and key per environment (decisions D1): the SETTLEMENT_* variables, the base URL
 * defaulting to the app's own origin, where the embedded service answers /v0 and /v1.
 */
export function connectionFor(environment: Environment): Connection {
  const e = env();
  const ownOrigin = `http://localhost:${e.PORT}`;
  const baseUrl =
    (environment === "production" ? e.SETTLEMENT_PRODUCTION_BASE_URL : e.SETTLEMENT_SANDBOX_BASE_URL) ?? ownOrigin;
  const apiKey = environment === "production" ? e.SETTLEMENT_PRODUCTION_API_KEY : e.SETTLEMENT_SANDBOX_API_KEY;
  const configured = environment === "production" ? e.SETTLEMENT_PRODUCTION_BASE_URL : e.SETTLEMENT_SANDBOX_BASE_URL;
  return {
    environment,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey,
    embedded: configured === undefined && e.EMBEDDED_SERVICE !== "off",
  };
}

/** What the settings page may show: the URLs and whether a key is set, never the key. */
export function describeConnections(): Array<{
  environment: Environment;
  baseUrl: string;
  keySet: boolean;
  embedded: boolean;
}> {
  const e = env();
  return (["sandbox", "production"] as const).map((environment) => {
    const c = connectionFor(environment);
    const configured = environment === "production" ? e.SETTLEMENT_PRODUCTION_BASE_URL : e.SETTLEMENT_SANDBOX_BASE_URL;
    return { environment, baseUrl: c.baseUrl, keySet: Boolean(c.apiKey), embedded: configured === undefined };
  });
}

/**
 * Whether this console manages the keys of `environment` (issue 34): only those of the embedded
 * service, which reads the keys table this console writes. A remote service keeps its own keys.
 */
export function keysManagedHere(environment: Environment): boolean {
  return connectionFor(environment).embedded;
}
