import { DisbursementsList } from "@/components/disbursements/disbursements-list";
import { disbursementFilters } from "@/components/disbursements/list-filters";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listDisbursements } from "@/lib/actions/list-disbursements";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Disbursements" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DisbursementsPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, getActor()]);
  const canCreate = actor !== null && can(actor.role, "disbursement:create", environment);
  const filters = disbursementFilters.fromParams(params);
  const initial = await listDisbursements(disbursementFilters.toQuery(filters));
  return (
    <>
      <PageHeader
        title="Disbursements"
        description="Stablecoin payouts from your pre-funded balance to a wallet."
        actions={canCreate ? <CreateLink href="/disbursements/new">New disbursement</CreateLink> : undefined}
      />
      <DisbursementsList key={environment} environment={environment} initialFilters={filters} initial={initial} canCreate={canCreate} />
    </>
  );
}
