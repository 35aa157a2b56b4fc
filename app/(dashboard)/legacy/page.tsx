import { v1Filters } from "@/components/legacy/v1-list-filters";
import { V1PaymentsList } from "@/components/legacy/v1-payments-list";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listV1Payments } from "@/lib/actions/list-v1-payments";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Legacy /v1" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LegacyPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, getActor()]);
  const canCreate = actor !== null && can(actor.role, "settlement:create", environment);
  const filters = v1Filters.fromParams(params);
  const initial = await listV1Payments(v1Filters.toQuery(filters));
  return (
    <>
      <PageHeader
        title="Legacy /v1"
        description="The earlier /v1 liquidity payments, kept for integrations that have not moved to /v0."
        actions={canCreate ? <CreateLink href="/legacy/new">New /v1 payment</CreateLink> : undefined}
      />
      <V1PaymentsList key={environment} environment={environment} initialFilters={filters} initial={initial} canCreate={canCreate} />
    </>
  );
}
