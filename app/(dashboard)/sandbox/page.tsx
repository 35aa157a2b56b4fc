import { QuickFlow } from "@/components/sandbox/quick-flow";
import { SandboxInfoPanel } from "@/components/sandbox/sandbox-info-panel";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { AlertIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { getSandboxInfo } from "@/lib/sandbox/actions/get-sandbox-info";
import { describeError } from "@/lib/dashboard/action-result";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { SandboxClockPanel } from "@/components/sandbox/sandbox-clock-panel";
import { getSandboxClock } from "@/lib/sandbox/actions/get-sandbox-clock";

export const metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  const header = (
    <PageHeader
      title="Sandbox"
      description="Your sandbox account, its balances and limits, and a quick way to take a test request through every status."
    />
  );
  if (environment === "production") {
    return (
      <>
        {header}
        <EmptyState icon={<AlertIcon className="size-5" />} title="Simulation is off in production">
          Status simulation only exists in the sandbox environment, so nothing here can change a live request. Switch to
          sandbox in the sidebar to use it.
        </EmptyState>
      </>
    );
  }
  const [info, clock] = await Promise.all([getSandboxInfo({}), getSandboxClock({})]);
  return (
    <>
      {header}
      <div className="space-y-6">
        {info.ok ? (
          <SandboxInfoPanel key={environment} environment={environment} initial={info.data} />
        ) : (
          <ErrorState title="Sandbox info could not be loaded" message={describeError(info.error)} />
        )}
        <SandboxClockPanel environment={environment} initial={clock.ok ? clock.data : null} />
        {actor !== null &&
        can(actor.role, "settlement:create", environment) &&
        can(actor.role, "sandbox:simulate", environment) ? (
          <QuickFlow environment={environment} />
        ) : null}
      </div>
    </>
  );
}
