import { StreamedList } from "@/components/list/load-list";
import { paymentsList } from "@/components/payments/list-filters";
import { PaymentsList } from "@/components/payments/payments-list";
import { PageHeader } from "@/components/ui/page-header";
import type { SearchParamsRecord } from "@/lib/dashboard/list-filters";

export const metadata = { title: "Payments" };

export default function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  return (
    <>
      <PageHeader
        title="Payments"
        description="The inbound (PAYIN) and outbound (PAYOUT) payments that carry each settlement request, and disbursement payouts."
      />
      <StreamedList searchParams={searchParams} source={paymentsList}>
        {(data) => <PaymentsList key={data.environment} {...data} />}
      </StreamedList>
    </>
  );
}
