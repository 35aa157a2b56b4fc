import { DisbursementsList } from "@/components/disbursements/disbursements-list";
import { disbursementFilters } from "@/components/disbursements/list-filters";
import { loadList } from "@/components/list/load-list";
import { PageHeader } from "@/components/ui/page-header";
import { listDisbursements } from "@/lib/actions/list-disbursements";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Disbursements" };

export default async function DisbursementsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const create = { permission: "disbursement:create", href: "/disbursements/new", label: "New disbursement" } as const;
  const { data, createLink } = await loadList(searchParams, disbursementFilters, listDisbursements, create);
  return (
    <>
      <PageHeader
        title="Disbursements"
        description="Stablecoin payouts from your pre-funded balance to a wallet."
        actions={createLink}
      />
      <DisbursementsList key={data.environment} {...data} createLink={createLink} />
    </>
  );
}
