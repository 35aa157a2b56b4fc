"use client";

import { AmountTotalsLine } from "@/components/forms/amount-totals";
import { ListSearch, ListSelect } from "@/components/list/list-controls";
import { type ListData, type ListPage, ListScreen } from "@/components/list/list-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { PaymentsIcon } from "@/components/ui/icons";
import { statusOptions } from "@/components/ui/status-tone";
import { PAYMENT_STATUSES } from "@/lib/state-machine/statuses";
import type { PaymentTotals } from "@/lib/schemas/list";
import type { Payment } from "@/lib/schemas/payment";
import { type PaymentFilters, paymentsList } from "./list-filters";
import { PaymentsTable } from "./payments-table";

const TYPE_OPTIONS = [
  { value: "PAYIN", label: "Payin (inbound)" },
  { value: "PAYOUT", label: "Payout (outbound)" },
];

/**
 * Filter by status, type and settlement request; page through. The first page comes from the
 * server; later ones through the list action. Filters live in the URL.
 */
export function PaymentsList(data: ListData<PaymentFilters, ListPage<Payment, PaymentTotals>>) {
  return (
    <ListScreen
      {...data}
      source={paymentsList}
      controls={(c) => (
        <>
          <ListSearch
            controls={c}
            name="settlement_request_id"
            label="Settlement request ID"
            hint="The payin and payout of one request"
            placeholder="e.g. 3f2a…"
            maxLength={64}
            submitLabel="Filter"
            mono
          />
          <ListSelect
            controls={c}
            name="type"
            label="Type"
            className="lg:w-40"
            placeholder="Both"
            options={TYPE_OPTIONS}
          />
          <ListSelect
            controls={c}
            name="status"
            label="Status"
            className="lg:w-52"
            placeholder="All statuses"
            options={statusOptions(PAYMENT_STATUSES)}
          />
        </>
      )}
      exportHref="/payments/export"
      totals={(totals) => <AmountTotalsLine label="Payments" totals={totals} />}
      noMatch={{
        title: "No matching payments",
        children: () => "No payment matches these filters. Payment ids and request ids must match exactly.",
      }}
      empty={
        <EmptyState icon={<PaymentsIcon className="size-5" />} title="No payments yet">
          Every settlement request creates an inbound and an outbound payment, and every disbursement an outbound one;
          they are listed here newest first.
        </EmptyState>
      }
      count={{
        testId: "payments-total",
        text: (total, _f, filtered) => (
          <>
            {total} {total === 1 ? "payment" : "payments"}
            {filtered ? " match" : ""}
          </>
        ),
      }}
      table={(rows) => <PaymentsTable rows={rows} />}
    />
  );
}
