"use client";

import { DateRange } from "@/components/forms/date-range";
import { buttonClasses } from "@/components/ui/button";
import { AmountTotalsLine } from "@/components/forms/amount-totals";
import type { PaymentTotals } from "@/lib/schemas/list";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { PaymentsIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import { listPayments } from "@/lib/actions/list-payments";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { PAYMENT_STATUSES } from "@/lib/state-machine/statuses";
import type { Paginated } from "@/lib/schemas/list";
import type { Payment } from "@/lib/schemas/payment";
import { PAGE_SIZE, filtersToSearch, isPaymentStatus, isPaymentType, toListQuery, type PaymentFilters } from "./list-filters";
import { PaymentsTable } from "./payments-table";

const EMPTY: PaymentFilters = { page: 1, status: "", type: "", settlement_request_id: "", created_from: "", created_to: "" };

/**
 * Filter by status, type and settlement request; page through. The first page comes from the
 * server; later ones through the list action. Filters live in the URL.
 */
export function PaymentsList({
  environment,
  initialFilters,
  initial,
}: {
  environment: Environment;
  initialFilters: PaymentFilters;
  initial: ActionResult<Paginated<Payment> & { totals?: PaymentTotals }>;
}) {
  const [filters, setFilters] = useState(initialFilters);
  const [requestId, setRequestId] = useState(initialFilters.settlement_request_id);
  const query = toListQuery(filters);
  const list = useQuery({
    queryKey: queryKeys.payments.list(environment, query),
    queryFn: async () => unwrap(await listPayments(query)),
    initialData: initial.ok && filters === initialFilters ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });

  function apply(next: PaymentFilters) {
    setFilters(next);
    window.history.replaceState(null, "", `/payments${filtersToSearch(next)}`);
  }

  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && filters === initialFilters ? initial.error : null;
  const filtered =
    filters.status !== "" || filters.type !== "" || filters.settlement_request_id !== "" || filters.created_from !== "" || filters.created_to !== "";

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] lg:flex-row lg:flex-wrap lg:items-end">
        <form
          role="search"
          className="flex flex-1 items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply({ ...filters, settlement_request_id: requestId.trim(), page: 1 });
          }}
        >
          <Field label="Settlement request ID" hint="The payin and payout of one request" className="flex-1">
            {(p) => (
              <Input {...p} value={requestId} onChange={(e) => setRequestId(e.target.value)} placeholder="e.g. 3f2a…" maxLength={64} className="font-mono" spellCheck={false} />
            )}
          </Field>
          <Button type="submit" variant="secondary"><SearchIcon className="size-4" /> Filter</Button>
          {filters.settlement_request_id ? (
            <Button variant="ghost" onClick={() => { setRequestId(""); apply({ ...filters, settlement_request_id: "", page: 1 }); }}>Clear</Button>
          ) : null}
        </form>
        <Field label="Type" className="lg:w-40">
          {(p) => (
            <Select
              {...p}
              value={filters.type}
              onChange={(e) => apply({ ...filters, type: isPaymentType(e.target.value) ? e.target.value : "", page: 1 })}
              placeholder="Both"
              options={[{ value: "PAYIN", label: "Payin (inbound)" }, { value: "PAYOUT", label: "Payout (outbound)" }]}
            />
          )}
        </Field>
        <Field label="Status" className="lg:w-52">
          {(p) => (
            <Select
              {...p}
              value={filters.status}
              onChange={(e) => apply({ ...filters, status: isPaymentStatus(e.target.value) ? e.target.value : "", page: 1 })}
              placeholder="All statuses"
              options={PAYMENT_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))}
            />
          )}
        </Field>
        <a href={`/payments/export${filtersToSearch({ ...filters, page: 1 })}`} className={buttonClasses({ variant: "secondary" })} download>
          Export CSV
        </a>
        <DateRange from={filters.created_from} to={filters.created_to} onChange={(range) => apply({ ...filters, ...range, page: 1 })} />
      </div>
      {list.data?.totals ? <AmountTotalsLine label="Payments" totals={list.data.totals} /> : null}

      <div aria-live="polite" aria-busy={list.isFetching || undefined}>
        {error ? (
          <ErrorState title="Payments could not be loaded" message={describeError(error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.data ? (
          <TableSkeleton label="Loading payments…" />
        ) : list.data.data.length === 0 ? (
          filtered ? (
            <EmptyState icon={<SearchIcon className="size-5" />} title="No matching payments"
              action={<Button variant="secondary" onClick={() => { setRequestId(""); apply(EMPTY); }}>Clear filters</Button>}>
              No payment matches these filters. Payment ids and request ids must match exactly.
            </EmptyState>
          ) : (
            <EmptyState icon={<PaymentsIcon className="size-5" />} title="No payments yet">
              Every settlement request creates an inbound and an outbound payment, and every disbursement an outbound one; they are
              listed here newest first.
            </EmptyState>
          )
        ) : (
          <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <p className="mb-2 text-sm text-slate-600" data-testid="payments-total">
              {list.data.pagination.total} {list.data.pagination.total === 1 ? "payment" : "payments"}
              {filtered ? " match" : ""}
            </p>
            <PaymentsTable rows={list.data.data} />
            <Pagination page={filters.page} pageSize={PAGE_SIZE} total={list.data.pagination.total} onPageChange={(page) => apply({ ...filters, page })} />
          </div>
        )}
      </div>
    </div>
  );
}
