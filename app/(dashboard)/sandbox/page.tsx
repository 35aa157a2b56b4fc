import { EmptyState } from "@/components/ui/empty-state";
import { AlertIcon, FlaskIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  const environment = await getEnvironment();
  return (
    <>
      <PageHeader title="Sandbox" description="Move sandbox requests and payments through any status to test how your integration reacts." />
      {environment === "production" ? (
        <EmptyState icon={<AlertIcon className="size-5" />} title="Simulation is off in production">
          Status simulation only exists in the sandbox environment, so nothing here can change a live request. Switch to sandbox in
          the sidebar to use it.
        </EmptyState>
      ) : (
        <EmptyState icon={<FlaskIcon className="size-5" />} title="Nothing to simulate yet">
          Pick a sandbox settlement request or payment and set its status. The matching webhooks and realtime updates fire as they
          would in production, so you can watch them arrive in the Inbox.
        </EmptyState>
      )}
    </>
  );
}
