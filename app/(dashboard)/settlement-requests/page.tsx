import { loadList } from "@/components/list/load-list";
import { LiveUpdates } from "@/components/live/live-updates";
import { requestFilters } from "@/components/settlement-requests/list/list-filters";
import { RequestsList } from "@/components/settlement-requests/list/requests-list";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listSettlementRequests } from "@/lib/actions/list-settlement-requests";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Settlement requests" };

export default async function SettlementRequestsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const { data, canCreate } = await loadList(searchParams, requestFilters, listSettlementRequests, "settlement:create");
  return (
    <>
      <PageHeader
        title="Settlement requests"
        description="Every fiat ↔ stablecoin settlement: its status, payment instructions and the two payments behind it."
        actions={canCreate ? <CreateLink href="/settlement-requests/new">New settlement request</CreateLink> : undefined}
      />
      <LiveUpdates environment={data.environment} />
      <RequestsList key={data.environment} {...data} canCreate={canCreate} />
    </>
  );
}
