import { DisbursementsList } from "@/components/disbursements/disbursements-list";
import { disbursementsList } from "@/components/disbursements/list-filters";
import { createLinkFor, StreamedList } from "@/components/list/load-list";
import { PageHeader } from "@/components/ui/page-header";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Disbursements" };

export default async function DisbursementsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const createLink = await createLinkFor(disbursementsList);
  return (
    <>
      <PageHeader
        title="Disbursements"
        description="Stablecoin payouts from your pre-funded balance to a wallet."
        actions={createLink}
      />
      <StreamedList searchParams={searchParams} source={disbursementsList}>
        {(data) => <DisbursementsList key={data.environment} {...data} createLink={createLink} />}
      </StreamedList>
    </>
  );
}
