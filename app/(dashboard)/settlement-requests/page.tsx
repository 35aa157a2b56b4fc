import Link from "next/link";
import { filtersFromParams, PAGE_SIZE, toListQuery } from "@/components/settlement-requests/list/list-filters";
import { LiveUpdates } from "@/components/live/live-updates";
import { RequestsList } from "@/components/settlement-requests/list/requests-list";
import { buttonClasses } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
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
  const filters = filtersFromParams(params);
  const initial = await listSettlementRequests(toListQuery(filters, PAGE_SIZE));
  return (
    <>
      <PageHeader
        title="Settlement requests"
        description="Every fiat ↔ stablecoin settlement: its status, payment instructions and the two payments behind it."
        actions={
          canCreate ? (
            <Link href="/settlement-requests/new" className={buttonClasses()}>
              <PlusIcon className="size-4" /> New settlement request
            </Link>
          ) : undefined
        }
      />
      <LiveUpdates environment={environment} />
      <RequestsList key={environment} environment={environment} initialFilters={filters} initial={initial} canCreate={canCreate} />
    </>
  );
}
