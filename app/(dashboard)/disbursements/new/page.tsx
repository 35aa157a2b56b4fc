import { randomUUID } from "node:crypto";
import { Link } from "@/components/ui/link";
import { DisbursementForm } from "@/components/disbursements/disbursement-form";
import { PageHeader } from "@/components/ui/page-header";
import { availableBalances } from "@/lib/page-data/available-balances";
import { NotAllowed } from "@/components/auth/not-allowed";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { listPayees } from "@/lib/approvals/payees";
import { getDatabase } from "@/lib/db/connection";

export const metadata = { title: "New disbursement" };

export default async function NewDisbursementPage() {
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  if (!actor || !can(actor.role, "disbursement:create", environment)) {
    return <NotAllowed message={`Your role cannot create disbursements in ${environment}.`} />;
  }
  // The available balance beside the amount, and checked before a submit (sandbox info; production's statements).
  const [balances, payees] = await Promise.all([
    availableBalances(environment),
    getDatabase().then(({ db }) => listPayees(db, environment)),
  ]);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/disbursements" className="hover:text-slate-800">
            ← Disbursements
          </Link>
        }
        title="New disbursement"
        description="Send stablecoins from your balance to a wallet. The chain follows from the address."
      />
      <DisbursementForm
        key={environment}
        environment={environment}
        initialKey={randomUUID()}
        balances={balances}
        payees={payees}
      />
    </>
  );
}
