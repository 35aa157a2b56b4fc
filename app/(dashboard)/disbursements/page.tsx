import { EmptyState } from "@/components/ui/empty-state";
import { DisburseIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Disbursements" };

export default function Page() {
  return (
    <>
      <PageHeader title="Disbursements" description="Stablecoin transfers from your pre-funded wallet to a wallet address." />
      <EmptyState icon={<DisburseIcon className="size-5" />} title="No disbursements yet">
        Each disbursement you send will be listed with its amount, currency, destination wallet and status, from pending to completed.
      </EmptyState>
    </>
  );
}
