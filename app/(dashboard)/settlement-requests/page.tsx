import { createLinkFor, StreamedList } from "@/components/list/load-list";
import { LiveUpdates } from "@/components/live/live-updates";
import { requestsList } from "@/components/settlement-requests/list/list-filters";
import { RequestsList } from "@/components/settlement-requests/list/requests-list";
import { PageHeader } from "@/components/ui/page-header";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Settlement requests" };

export default async function SettlementRequestsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const [environment, createLink] = await Promise.all([getEnvironment(), createLinkFor(requestsList)]);
  return (
    <>
      <PageHeader
        title="Settlement requests"
        description="Every fiat ↔ stablecoin settlement: its status, payment instructions and the two payments behind it."
        actions={createLink}
      />
      <LiveUpdates environment={environment} />
      <StreamedList searchParams={searchParams} source={requestsList}>
        {(data) => <RequestsList key={data.environment} {...data} createLink={createLink} />}
      </StreamedList>
    </>
  );
}
