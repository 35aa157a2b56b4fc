"use client";

import { useQuery } from "@tanstack/react-query";
import { countAwaitingApprovals } from "@/lib/actions/count-awaiting-approvals";
import { unwrap } from "@/lib/actions/result";
import { queryKeys } from "@/lib/dashboard/query-keys";

/** How many held submissions wait for you: beside "Approvals" in the sidebar, refreshed every 30 s. */
export function ApprovalsBadge() {
  const awaiting = useQuery({
    queryKey: queryKeys.awaitingApprovals(),
    queryFn: async () => unwrap(await countAwaitingApprovals({})),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
  const n = awaiting.data ?? 0;
  if (n === 0) return null;
  return (
    <span data-testid="approvals-badge" className="ml-auto rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
      {n}
      <span className="sr-only"> waiting for you</span>
    </span>
  );
}
