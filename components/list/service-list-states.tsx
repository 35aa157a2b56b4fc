import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { describeError, type ActionResult } from "@/lib/dashboard/action-result";

/**
 * A server-rendered list the API offers as an extension (Events, Request log): "Not offered by
 * this service" when it answers 404, the error when it fails, the empty state, or the list.
 */
export function ServiceListStates<Page extends { data: unknown[] }>({
  result,
  icon,
  notOffered,
  failedTitle,
  emptyTitle,
  emptyText,
  children,
}: {
  result: ActionResult<Page>;
  icon: ReactNode;
  /** Why there is nothing when the service has no such list. */
  notOffered: string;
  failedTitle: string;
  emptyTitle: string;
  emptyText: ReactNode;
  children: (page: Page) => ReactNode;
}) {
  if (!result.ok) {
    return result.error.status === 404 ? (
      <EmptyState icon={icon} title="Not offered by this service">
        {notOffered}
      </EmptyState>
    ) : (
      <ErrorState title={failedTitle} message={describeError(result.error)} />
    );
  }
  if (result.data.data.length === 0) {
    return (
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    );
  }
  return children(result.data);
}
