"use client";

import { type DefinedUseQueryResult, type QueryKey, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RawJson } from "@/components/settlement-requests/detail/raw-json";
import { ResourceStatusLine } from "@/components/ui/resource-status-line";
import { unwrap, type ActionResult } from "@/lib/actions/result";

/**
 * A resource on its page: first from the server render, then read again every `intervalMs`
 * while its status is one of `moving` (the simulated rails move it within seconds).
 */
export function useLiveResource<T extends { status: string }>({
  queryKey,
  load,
  initial,
  moving,
  intervalMs,
}: {
  /** From the query-key factory, e.g. `queryKeys.payments.detail(environment, id)`. */
  queryKey: QueryKey;
  load: () => Promise<ActionResult<T>>;
  initial: T;
  moving: ReadonlySet<string>;
  intervalMs: number;
}): DefinedUseQueryResult<T> {
  // With initial data the resource is always there (useQuery's overloads cannot tell for a generic T).
  return useQuery({
    queryKey,
    queryFn: async () => unwrap(await load()),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && moving.has(q.state.data.status) ? intervalMs : false),
  }) as DefinedUseQueryResult<T>;
}

/**
 * A resource page's frame: the status line (status, id with copy, "Refreshing…"), an optional
 * banner, the main column and the side column (side by side from xl), and the raw JSON.
 */
export function DetailScreen({
  resource,
  refreshing,
  statusTestId,
  copyLabel,
  badges,
  banner,
  main,
  side,
}: {
  /** The resource as the API returned it (its raw JSON is shown folded at the end). */
  resource: { id: string; status: string };
  refreshing: boolean;
  statusTestId: string;
  copyLabel: string;
  /** Extra badges after the status. */
  badges?: ReactNode;
  /** Above the columns, e.g. the "created" confirmation. */
  banner?: ReactNode;
  main: ReactNode;
  side: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <ResourceStatusLine status={resource.status} statusTestId={statusTestId} id={resource.id} copyLabel={copyLabel} refreshing={refreshing}>
        {badges}
      </ResourceStatusLine>
      {banner}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">{main}</div>
        <div className="space-y-6">{side}</div>
      </div>
      <RawJson value={resource} />
    </div>
  );
}
