import { DisbursementsList } from "@/components/disbursements/disbursements-list";
import { disbursementFilters } from "@/components/disbursements/list-filters";
import { loadList } from "@/components/list/load-list";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listDisbursements } from "@/lib/actions/list-disbursements";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Disbursements" };

export default async function DisbursementsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const { data, canCreate } = await loadList(searchParams, disbursementFilters, listDisbursements, "disbursement:create");
  return (
    <>
      <PageHeader
        title="Disbursements"
        description="Stablecoin payouts from your pre-funded balance to a wallet."
        actions={canCreate ? <CreateLink href="/disbursements/new">New disbursement</CreateLink> : undefined}
      />
      <DisbursementsList key={data.environment} {...data} canCreate={canCreate} />
    </>
  );
}
