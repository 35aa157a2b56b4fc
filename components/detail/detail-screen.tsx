"use client";

import { type DefinedUseQueryResult, type QueryKey, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RawJson } from "@/components/settlement-requests/detail/raw-json";
import { ResourceStatusLine } from "@/components/ui/resource-status-line";
import { unwrap, type ActionResult } from "@/lib/dashboard/action-result";

/** Which statuses still move (the simulated rails move them within seconds), and how often to read again meanwhile. */
export type Polling = { while: ReadonlySet<string>; everyMs: number };

/** A resource on its page: first from the server render, then read again while its status moves. */
export function useLiveResource<T extends { status: string }>(
  /** From the query-key factory, e.g. `queryKeys.payments.detail(environment, id)`. */
  queryKey: QueryKey,
  load: () => Promise<ActionResult<T>>,
  initial: T,
  polling: Polling,
): DefinedUseQueryResult<T> {
  // With initial data the resource is always there (useQuery's overloads cannot tell for a generic T).
  return useQuery({
    queryKey,
    queryFn: async () => unwrap(await load()),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && polling.while.has(q.state.data.status) ? polling.everyMs : false),
  }) as DefinedUseQueryResult<T>;
}

/**
 * A resource page's frame: the status line (status, id with copy, "Refreshing…"), an optional
 * banner, the main column and the side column (side by side from xl), and the raw JSON.
 */
export function DetailScreen({
  live,
  statusTestId,
  copyLabel,
  badges,
  banner,
  main,
  side,
}: {
  /** The resource read live (useLiveResource); its raw JSON is shown folded at the end. */
  live: { data: { id: string; status: string }; isFetching: boolean };
  statusTestId: string;
  copyLabel: string;
  /** Extra badges after the status. */
  badges?: ReactNode;
  /** Above the columns, e.g. the "created" confirmation. */
  banner?: ReactNode;
  main: ReactNode;
  side: ReactNode;
}) {
  const resource = live.data;
  return (
    <div className="space-y-6">
      <ResourceStatusLine
        status={resource.status}
        statusTestId={statusTestId}
        id={resource.id}
        copyLabel={copyLabel}
        refreshing={live.isFetching}
      >
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
