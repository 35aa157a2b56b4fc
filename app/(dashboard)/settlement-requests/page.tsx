import { LiveUpdates } from "@/components/live/live-updates";
import { requestFilters } from "@/components/settlement-requests/list/list-filters";
import { RequestsList } from "@/components/settlement-requests/list/requests-list";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listSettlementRequests } from "@/lib/actions/list-settlement-requests";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Settlement requests" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SettlementRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, getActor()]);
  const canCreate = actor !== null && can(actor.role, "settlement:create", environment);
  const filters = requestFilters.fromParams(params);
  const initial = await listSettlementRequests(requestFilters.toQuery(filters));
  return (
    <>
      <PageHeader
        title="Settlement requests"
        description="Every fiat ↔ stablecoin settlement: its status, payment instructions and the two payments behind it."
        actions={canCreate ? <CreateLink href="/settlement-requests/new">New settlement request</CreateLink> : undefined}
      />
      <LiveUpdates environment={environment} />
      <RequestsList key={environment} environment={environment} initialFilters={filters} initial={initial} canCreate={canCreate} />
    </>
  );
}
