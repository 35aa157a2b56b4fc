import { EmptyState } from "@/components/ui/empty-state";
import { RatesIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Rates" };

export default function Page() {
  return (
    <>
      <PageHeader title="Rates" description="Indicative exchange rates between fiat and stablecoins, with the platform fee applied." />
      <EmptyState icon={<RatesIcon className="size-5" />} title="No rate quoted yet">
        Choose a source and a destination (currency and rail), enter the amount on one side, and the mid-market rate, fee and effective rate will appear here. A rate is indicative: it does not lock a quote.
      </EmptyState>
    </>
  );
}
