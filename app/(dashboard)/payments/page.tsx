import { paymentFilters } from "@/components/payments/list-filters";
import { PaymentsList } from "@/components/payments/payments-list";
import { PageHeader } from "@/components/ui/page-header";
import { listPayments } from "@/lib/actions/list-payments";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Payments" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params] = await Promise.all([getEnvironment(), searchParams]);
  const filters = paymentFilters.fromParams(params);
  const initial = await listPayments(paymentFilters.toQuery(filters));
  return (
    <>
      <PageHeader title="Payments" description="The inbound (PAYIN) and outbound (PAYOUT) payments that carry each settlement request, and disbursement payouts." />
      <PaymentsList key={environment} environment={environment} initialFilters={filters} initial={initial} />
    </>
  );
}
