import { v1PaymentsList } from "@/components/v1-payments/v1-list-filters";
import { V1PaymentsList } from "@/components/v1-payments/v1-payments-list";
import { createLinkFor, StreamedList } from "@/components/list/load-list";
import { PageHeader } from "@/components/ui/page-header";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "/v1 payments" };

export default async function V1PaymentsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const createLink = await createLinkFor(v1PaymentsList);
  return (
    <>
      <PageHeader
        title="/v1 payments"
        description="The earlier /v1 liquidity payments, kept for integrations that have not moved to /v0."
        actions={createLink}
      />
      <StreamedList searchParams={searchParams} source={v1PaymentsList}>
        {(data) => <V1PaymentsList key={data.environment} {...data} createLink={createLink} />}
      </StreamedList>
    </>
  );
}
