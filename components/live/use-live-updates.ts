"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { LiveArrival, LiveHello } from "@/lib/inbox/types";
import { queryKeys } from "@/lib/dashboard/query-keys";

/** Polling fallback: the waits between refreshes, growing to the last one. */
export const POLL_BACKOFF_MS = [3_000, 5_000, 10_000, 20_000, 30_000, 60_000] as const;

export type LiveMode = "connecting" | "live" | "polling";

/** What an arrival makes stale: the request it is about (and every list), or all requests for a payment event. */
export function invalidateFor(queryClient: QueryClient, environment: Environment, arrival: LiveArrival): void {
  if (arrival.environment && arrival.environment !== environment) return;
  const type = arrival.eventType ?? "";
  if (type.startsWith("settlement_request.") && arrival.resourceId) {
    void queryClient.invalidateQueries({
      queryKey: queryKeys.settlementRequests.detail(environment, arrival.resourceId),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.settlementRequests.lists(environment) });
  } else if (type.startsWith("payment.")) {
    // A payment event names the payment, not its request: refresh what shows either.
    void queryClient.invalidateQueries({ queryKey: queryKeys.settlementRequests.all(environment) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.all(environment) });
  }
}

/**
 * Keeps settlement requests on screen current: events arriving at the signed-in person's
 * inboxes (the app-wide SSE at /inbox/live) invalidate the matching react-query keys. With no
 * registered inbox, or no stream, it polls instead, backing off from 3 s to 60 s (reset when
 * the tab comes back into view).
 */
export function useLiveUpdates(environment: Environment): LiveMode {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>("connecting");

  useEffect(() => {
    let polling = false;
    let step = 0;
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      if (!polling) return;
      timer = window.setTimeout(() => {
        if (!document.hidden)
          void queryClient.invalidateQueries({ queryKey: queryKeys.settlementRequests.all(environment) });
        step = Math.min(step + 1, POLL_BACKOFF_MS.length - 1);
        schedule();
      }, POLL_BACKOFF_MS[step]);
    };
    const startPolling = () => {
      if (polling) return;
      polling = true;
      step = 0;
      setMode("polling");
      schedule();
    };
    const stopPolling = () => {
      polling = false;
      window.clearTimeout(timer);
      setMode("live");
    };
    const onVisible = () => {
      if (document.hidden || !polling) return;
      step = 0;
      schedule();
    };
    document.addEventListener("visibilitychange", onVisible);

    const source = new EventSource("/inbox/live");
    source.addEventListener("hello", (event: MessageEvent<string>) => {
      const hello = JSON.parse(event.data) as LiveHello;
      if (hello.registered) stopPolling();
      else startPolling();
    });
    source.addEventListener("delivery", (event: MessageEvent<string>) => {
      const notice = JSON.parse(event.data) as { webhookId: string; environment: Environment };
      if (notice.environment !== environment) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(environment, notice.webhookId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(environment) });
      // Failing, warned, turned off (D9.15): an attempt's result is what moves an endpoint's health.
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.health(environment, notice.webhookId) });
    });
    source.addEventListener("arrival", (event: MessageEvent<string>) => {
      // Something reached an inbox: the stream works, polling is not needed.
      if (polling) stopPolling();
      invalidateFor(queryClient, environment, JSON.parse(event.data) as LiveArrival);
    });
    // While the stream is down (EventSource keeps retrying), poll.
    source.onerror = () => startPolling();

    return () => {
      source.close();
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [environment, queryClient]);

  return mode;
}
