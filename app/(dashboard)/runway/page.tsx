import { NotAllowed } from "@/components/auth/not-allowed";
import { ForecastCheck } from "@/components/runway/forecast-check";
import { RunwayCard } from "@/components/runway/runway-card";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { consoleRead } from "@/lib/auth/console-read";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { can } from "@/lib/auth/permissions";
import { formatMinute } from "@/lib/dashboard/format-date";
import { readRunway } from "@/lib/runway/read";

export const metadata = { title: "Runway" };

/**
 * How long each stablecoin's pre-funded balance lasts (issue 64): the balance now, what the
 * console has committed and not yet sent, the open payins, the runway at the last 30 days' net
 * outflow and the next 14 days. Everyone reads it; administrators set each currency's floor.
 */
export default async function RunwayPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see the runway." />;
  const runway = await readRunway(gate.db, environment);
  const canSetFloor = can(gate.actor.role, "approvals:rules", environment);
  return (
    <>
      <PageHeader
        title="Runway"
        description={`What the ${environment} pre-funded balance can still pay, per currency: available now less what is committed and not yet sent, and how long it lasts at the last 30 days' net outflow.`}
      />
      {!runway.ok ? (
        <ErrorState title="The runway could not be worked out" message={runway.message} />
      ) : (
        <>
          <div className="grid gap-6 xl:grid-cols-2">
            {runway.currencies.map((r) => (
              <RunwayCard key={r.currency} runway={r} environment={environment} canSetFloor={canSetFloor} />
            ))}
          </div>
          <p className="mt-6 text-xs text-slate-500" data-testid="runway-footnote">
            As of {formatMinute(runway.asOf)}
            {environment === "sandbox" ? " on the sandbox clock" : ""}. Net outflow is the total balance at the start of
            the last 30 days less the total now, over 30; top-ups count against it. Expected payins are shown but not
            counted: they settle to each request&apos;s destination, not into this balance.
            {runway.outflowRead ? "" : " The statement of a currency could not be read: its outflow shows as —."}
          </p>
          <ForecastCheck checks={runway.forecastChecks} />
        </>
      )}
    </>
  );
}
