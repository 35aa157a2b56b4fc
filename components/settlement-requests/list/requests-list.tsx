"use client";

import type { ReactNode } from "react";
import { ListSearch, ListSelect } from "@/components/list/list-controls";
import { type ListData, ListScreen } from "@/components/list/list-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { RequestsIcon } from "@/components/ui/icons";
import { humanizeStatus, statusOptions } from "@/components/ui/status-tone";
import type { RequestRowsPage } from "@/lib/dashboard/request-rows";
import { SANDBOX_SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";
import { DidYouMean } from "./did-you-mean";
import { type ListFilters, requestsList } from "./list-filters";
import { TotalsLine } from "./list-totals";
import { RequestsTable } from "./requests-table";

/**
 * Filter by status, search by external_id (exact; every match), page through. The first page
 * comes from the server; later ones through the list action. Filters live in the URL.
 */
export function RequestsList({
  createLink,
  ...data
}: ListData<ListFilters, RequestRowsPage> & {
  /** The "New settlement request" link when the signed-in role may create here (the server refuses regardless). */
  createLink: ReactNode;
}) {
  const { environment } = data;
  return (
    <ListScreen
      {...data}
      source={requestsList}
      controls={(c) => (
        <>
          <ListSearch
            controls={c}
            name="external_id"
            label="External ID"
            hint="Exact match; every request carrying it"
            placeholder="e.g. inv-20931"
            maxLength={255}
            submitLabel="Search"
          />
          <ListSelect
            controls={c}
            name="status"
            label="Status"
            className="lg:w-64"
            placeholder="All statuses"
            options={statusOptions(SANDBOX_SETTLEMENT_STATUSES)}
          />
        </>
      )}
      exportHref="/settlement-requests/export"
      totals={(totals) => <TotalsLine totals={totals} />}
      noMatch={{
        title: "No matching requests",
        children: (f) => (
          <>
            {f.external_id || f.status ? (
              <>
                No request{" "}
                {f.external_id ? (
                  <>
                    has external_id <code className="font-mono wrap-anywhere">{f.external_id}</code>
                  </>
                ) : null}
                {f.external_id && f.status ? " with " : null}
                {f.status ? <>status {humanizeStatus(f.status)}</> : null}
                {f.created_from || f.created_to ? " in these dates" : null}.
              </>
            ) : (
              <>No request was created in these dates.</>
            )}
            {f.external_id ? <DidYouMean environment={environment} text={f.external_id} /> : null}
          </>
        ),
      }}
      empty={
        <EmptyState icon={<RequestsIcon className="size-5" />} title="No settlement requests yet" action={createLink}>
          Requests created here or through the API are listed newest first, with status, type and amounts.
        </EmptyState>
      }
      count={{
        testId: "match-count",
        text: (total, f) =>
          f.external_id ? (
            <>
              {total} {total === 1 ? "request has" : "requests have"} external_id{" "}
              <code className="font-mono wrap-anywhere">{f.external_id}</code>
            </>
          ) : null,
      }}
      table={(rows) => <RequestsTable rows={rows} />}
    />
  );
}
