import { NotAllowed } from "@/components/auth/not-allowed";
import { DecidedTable, ToDecideTable } from "@/components/returns/returns-tables";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { consoleRead } from "@/lib/auth/console-read";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { can } from "@/lib/auth/permissions";
import { QUEUE_PAGE, readReturnsQueue } from "@/lib/returns/read";

export const metadata = { title: "Returns" };

/**
 * Payins that came in wrong (issue 64): overpaid, underpaid, late, or paid after expiry. Finance
 * returns them to the payer (a disbursement under the payout controls) or accepts them; the
 * Decided list follows each return to its end.
 */
export default async function ReturnsPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see the payins to decide." />;
  const queue = await readReturnsQueue(gate.db, environment);
  const canReturn = can(gate.actor.role, "disbursement:create", environment);
  const canAccept = can(gate.actor.role, "reconciliation:run", environment);
  return (
    <>
      <PageHeader
        title="Returns"
        description={`Payins in ${environment} that did not arrive as instructed. Return the money to the payer, or accept it as it came.`}
      />
      {!queue.ok ? (
        <ErrorState title="The payins could not be read" message={queue.message} />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="to-decide" className="space-y-3">
            <h2 id="to-decide" className="text-base font-semibold text-slate-900">
              To decide <span className="font-normal text-slate-500">({queue.toDecide.length})</span>
            </h2>
            <ToDecideTable
              cases={queue.toDecide}
              environment={environment}
              canReturn={canReturn}
              canAccept={canAccept}
            />
            {queue.truncated ? (
              <p className="text-xs text-slate-500">
                The newest {QUEUE_PAGE} requests of each status are shown; decide these and the older ones follow.
              </p>
            ) : null}
          </section>
          <section aria-labelledby="decided" className="space-y-3">
            <h2 id="decided" className="text-base font-semibold text-slate-900">
              Decided
            </h2>
            <DecidedTable decided={queue.decided} />
          </section>
        </div>
      )}
    </>
  );
}
