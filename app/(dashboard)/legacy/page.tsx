import Link from "next/link";
import { V1PaymentsList } from "@/components/legacy/v1-payments-list";
import { toV1ListQuery, v1FiltersFromParams } from "@/components/legacy/v1-list-filters";
import { buttonClasses } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
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
  const filters = v1FiltersFromParams(params);
  const initial = await listV1Payments(toV1ListQuery(filters));
  return (
    <>
      <PageHeader
        title="Legacy /v1"
        description="The earlier /v1 liquidity payments, kept for integrations that have not moved to /v0."
        actions={canCreate ? <Link href="/legacy/new" className={buttonClasses()}><PlusIcon className="size-4" /> New /v1 payment</Link> : undefined}
      />
      <V1PaymentsList key={environment} environment={environment} initialFilters={filters} initial={initial} canCreate={canCreate} />
    </>
  );
}
