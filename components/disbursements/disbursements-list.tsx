"use client";

import type { ReactNode } from "react";
import { AmountTotalsLine } from "@/components/forms/amount-totals";
import { ListSelect } from "@/components/list/list-controls";
import { type ListData, type ListPage, ListScreen } from "@/components/list/list-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { DisburseIcon } from "@/components/ui/icons";
import { statusOptions } from "@/components/ui/status-tone";
import type { ListedDisbursement } from "@/lib/disbursements/types";
import { STABLECOINS } from "@/lib/schemas/catalog";
import { DISBURSEMENT_STATUSES } from "@/lib/state-machine/disbursements";
import type { AmountTotals } from "@/lib/schemas/list";
import { DisbursementsTable } from "./disbursements-table";
import { type DisbursementFilters, disbursementsList } from "./list-filters";

/**
 * Every disbursement of the account in this environment: filter by status, currency and
 * created date, with the filtered set's totals and a CSV export that follows the filters. The
 * first page comes from the server; later ones through the list action. Filters live in the URL.
 */
export function DisbursementsList({
  createLink,
  ...data
}: ListData<DisbursementFilters, ListPage<ListedDisbursement, AmountTotals>> & { createLink: ReactNode }) {
  return (
    <ListScreen
      {...data}
      source={disbursementsList}
      controls={(c) => (
        <>
          <ListSelect
            controls={c}
            name="status"
            label="Status"
            className="lg:w-48"
            placeholder="All statuses"
            options={statusOptions(DISBURSEMENT_STATUSES)}
          />
          <ListSelect
            controls={c}
            name="currency"
            label="Currency"
            className="lg:w-40"
            placeholder="All currencies"
            options={STABLECOINS}
          />
        </>
      )}
      exportHref="/disbursements/export"
      totals={(totals) => <AmountTotalsLine label="Disbursements" totals={totals} />}
      noMatch={{ title: "No matching disbursements", children: () => "No disbursement matches these filters." }}
      empty={
        <EmptyState icon={<DisburseIcon className="size-5" />} title="No disbursements yet" action={createLink}>
          Send stablecoins from your pre-funded balance to a wallet. Every disbursement of this environment, made here
          or through the API, is listed here newest first.
        </EmptyState>
      }
      table={(rows) => <DisbursementsTable rows={rows} />}
    />
  );
}
