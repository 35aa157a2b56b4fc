import { EmptyState } from "@/components/ui/empty-state";
import { PaymentsIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Payments" };

export default function Page() {
  return (
    <>
      <PageHeader title="Payments" description="The inbound (PAYIN) and outbound (PAYOUT) payments that carry each settlement request." />
      <EmptyState icon={<PaymentsIcon className="size-5" />} title="No payments yet">
        Payments appear here as soon as a settlement request creates them, each with its status, amount, rail, fee and transaction hash.
      </EmptyState>
    </>
  );
}
