"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { DisburseIcon, PlusIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { listTrackedDisbursements } from "@/lib/actions/list-tracked-disbursements";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { RecordedDisbursement } from "@/lib/dashboard/store/disbursement-types";
import type { Paginated } from "@/lib/schemas/list";
import { DisbursementsTable } from "./disbursements-table";
import { DISBURSEMENTS_PAGE_SIZE, disbursementKeys } from "./keys";

/** The disbursements created through this console (the API keeps no list), page by page. */
export function DisbursementsList({
  environment,
  initialPage,
  initial,
  canCreate,
}: {
  environment: Environment;
  initialPage: number;
  initial: ActionResult<Paginated<RecordedDisbursement>>;
  canCreate: boolean;
}) {
  const [page, setPage] = useState(initialPage);
  const list = useQuery({
    queryKey: disbursementKeys.list(environment, page),
    queryFn: async () => unwrap(await listTrackedDisbursements({ page, page_size: DISBURSEMENTS_PAGE_SIZE })),
    initialData: initial.ok && page === initialPage ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });
  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && page === initialPage ? initial.error : null;

  function go(next: number) {
    setPage(next);
    window.history.replaceState(null, "", next > 1 ? `/disbursements?page=${next}` : "/disbursements");
  }

  if (error) {
    return <ErrorState title="Disbursements could not be loaded" message={describeError(error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (!list.data || list.data.data.length === 0) {
    return (
      <EmptyState
        icon={<DisburseIcon className="size-5" />}
        title="No disbursements from this console yet"
        action={canCreate ? <Link href="/disbursements/new" className={buttonClasses()}><PlusIcon className="size-4" /> New disbursement</Link> : undefined}
      >
        Send stablecoins from your balance to a wallet. The API has no list of disbursements, so the ones created here are
        remembered by the console, per environment.
      </EmptyState>
    );
  }
  return (
    <div aria-live="polite" aria-busy={list.isFetching || undefined} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
      <DisbursementsTable rows={list.data.data} />
      <Pagination page={page} pageSize={DISBURSEMENTS_PAGE_SIZE} total={list.data.pagination.total} onPageChange={go} />
    </div>
  );
}
