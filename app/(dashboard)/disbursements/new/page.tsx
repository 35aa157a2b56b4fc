import { randomUUID } from "node:crypto";
import { consoleRead } from "@/lib/auth/console-read";
import { Link } from "@/components/ui/link";
import { DisbursementForm } from "@/components/disbursements/disbursement-form";
import { PageHeader } from "@/components/ui/page-header";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import { NotAllowed } from "@/components/auth/not-allowed";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { listPayees } from "@/lib/approvals/payees";
import { floorRooms } from "@/lib/runway/floor-check";

export const metadata = { title: "New disbursement" };

export default async function NewDisbursementPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "disbursement:create", environment });
  if (!gate.ok) return <NotAllowed message={`Your role cannot create disbursements in ${environment}.`} />;
  // The available balance beside the amount, and checked before a submit (sandbox info; production's statements).
  const [balances, payees] = await Promise.all([availableBalances(environment), listPayees(gate.db, environment)]);
  // Each currency's runway floor and the room left above it (issue 64): over it, the payout waits for an approval.
  const floors = await floorRooms(gate.db, environment, balances);
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
        floors={floors}
      />
    </>
  );
}
