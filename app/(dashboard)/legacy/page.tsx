import { v1Filters } from "@/components/legacy/v1-list-filters";
import { V1PaymentsList } from "@/components/legacy/v1-payments-list";
import { loadList } from "@/components/list/load-list";
import { CreateLink } from "@/components/ui/create-link";
import { PageHeader } from "@/components/ui/page-header";
import { listV1Payments } from "@/lib/actions/list-v1-payments";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Legacy /v1" };

export default async function LegacyPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const { data, canCreate } = await loadList(searchParams, v1Filters, listV1Payments, "settlement:create");
  return (
    <>
      <PageHeader
        title="Legacy /v1"
        description="The earlier /v1 liquidity payments, kept for integrations that have not moved to /v0."
        actions={canCreate ? <CreateLink href="/legacy/new">New /v1 payment</CreateLink> : undefined}
      />
      <V1PaymentsList key={data.environment} {...data} canCreate={canCreate} />
    </>
  );
}
