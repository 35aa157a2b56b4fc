import { v1PaymentsList } from "@/components/legacy/v1-list-filters";
import { V1PaymentsList } from "@/components/legacy/v1-payments-list";
import { createLinkFor, StreamedList } from "@/components/list/load-list";
import { PageHeader } from "@/components/ui/page-header";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Legacy /v1" };

export default async function LegacyPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const createLink = await createLinkFor(v1PaymentsList);
  return (
    <>
      <PageHeader
        title="Legacy /v1"
        description="The earlier /v1 liquidity payments, kept for integrations that have not moved to /v0."
        actions={createLink}
      />
      <StreamedList searchParams={searchParams} source={v1PaymentsList}>
        {(data) => <V1PaymentsList key={data.environment} {...data} createLink={createLink} />}
      </StreamedList>
    </>
  );
}
