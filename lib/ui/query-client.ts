import { QueryClient, isServer } from "@tanstack/react-query";

/** Data is fresh for 30 s: long enough that the server render's initialData is not fetched again at once. */
export const STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/** True for errors that carry an HTTP status in 400–499: retrying cannot fix them. */
export function isClientError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const status = (error as { status: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** Retry transient failures (network, 5xx) up to twice; never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * A fresh client per request on the server (no data shared between users), one client for the
 * life of the tab in the browser (so React suspending during the first render does not lose it).
 */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
