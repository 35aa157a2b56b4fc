import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Legacy /v1" };

export default function Page() {
  return (
    <>
      <PageHeader title="Legacy /v1" description="The earlier /v1 payments surface, kept for integrations that have not moved to /v0." />
      <EmptyState icon={<ArchiveIcon className="size-5" />} title="No /v1 payments">
        Liquidity payments created through /v1 will be listed here with their reference_id, expiry and status, and you will be able to send the incoming-payment notification that starts the on-chain transfer.
      </EmptyState>
    </>
  );
}
