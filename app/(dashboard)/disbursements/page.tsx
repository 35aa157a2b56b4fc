import Link from "next/link";
import { DisbursementsList } from "@/components/disbursements/disbursements-list";
import { DISBURSEMENTS_PAGE_SIZE } from "@/components/disbursements/keys";
import { buttonClasses } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { getDisbursement } from "@/lib/actions/get-disbursement";
import { listTrackedDisbursements } from "@/lib/actions/list-tracked-disbursements";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import { refreshRecordedDisbursement } from "@/lib/dashboard/store/disbursements";
import { getDatabase } from "@/lib/db/connection";
import { DISBURSEMENT_RAIL_STATUSES } from "@/lib/state-machine/disbursements";

export const metadata = { title: "Disbursements" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const MOVING = new Set<string>(DISBURSEMENT_RAIL_STATUSES);

export default async function DisbursementsPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, getActor()]);
  const canCreate = actor !== null && can(actor.role, "disbursement:create", environment);
  const parsedPage = typeof params.page === "string" ? Number.parseInt(params.page, 10) : 1;
  const page = Number.isInteger(parsedPage) && parsedPage >= 1 ? parsedPage : 1;
  let initial = await listTrackedDisbursements({ page, page_size: DISBURSEMENTS_PAGE_SIZE });
  // The stored status is the last one seen: ask the API again for the rows still moving.
  if (initial.ok && initial.data.data.some((d) => MOVING.has(d.status))) {
    const moving = initial.data.data.filter((d) => MOVING.has(d.status));
    const fresh = await Promise.all(moving.map((d) => getDisbursement({ id: d.id })));
    const { db } = await getDatabase();
    await Promise.all(fresh.map((r) => (r.ok ? refreshRecordedDisbursement(db, environment, r.data) : undefined)));
    initial = await listTrackedDisbursements({ page, page_size: DISBURSEMENTS_PAGE_SIZE });
  }
  return (
    <>
      <PageHeader
        title="Disbursements"
        description="Stablecoin payouts from your pre-funded balance to a wallet. Listed here: the ones created through this console."
        actions={
          canCreate ? (
            <Link href="/disbursements/new" className={buttonClasses()}>
              <PlusIcon className="size-4" /> New disbursement
            </Link>
          ) : undefined
        }
      />
      <DisbursementsList key={environment} environment={environment} initialPage={page} initial={initial} canCreate={canCreate} />
    </>
  );
}
