"use client";

import { useQuery } from "@tanstack/react-query";
import { getSandboxClock } from "@/lib/sandbox/actions/get-sandbox-clock";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";

/**
 * How far this account's sandbox clock is ahead of real time, in seconds (0 in production or
 * until known): countdowns toward sandbox times run on the sandbox clock, not the browser's
 * (issue 35, finding 13). Shares the Sandbox page's clock query.
 */
export function useSandboxOffset(environment: Environment): number {
  const clock = useQuery({
    queryKey: queryKeys.sandboxClock(environment),
    queryFn: async () => {
      const result = await getSandboxClock({});
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    },
    enabled: environment === "sandbox",
    staleTime: 30_000,
    retry: false,
  });
  return environment === "sandbox" ? (clock.data?.offset_seconds ?? 0) : 0;
}
