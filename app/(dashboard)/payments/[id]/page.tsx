import Link from "next/link";
import { notFound } from "next/navigation";
import { PaymentDetail } from "@/components/payments/payment-detail";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { getPayment } from "@/lib/actions/get-payment";
import { describeError } from "@/lib/actions/result";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Payment" };

type Props = { params: Promise<{ id: string }> };

/** First data on the server; the client refreshes while the payment moves, and sets its status in sandbox. */
export default async function PaymentPage({ params }: Props) {
  const [{ id }, environment, actor] = await Promise.all([params, getEnvironment(), getActor()]);
  const canSimulate = actor !== null && can(actor.role, "sandbox:simulate", environment);
  const payment = await getPayment({ id });
  if (!payment.ok && (payment.error.code === "not_found" || payment.error.code === "invalid_input")) notFound();

  const back = <Link href="/payments" className="hover:text-slate-800">← Payments</Link>;
  if (!payment.ok) {
    return (
      <>
        <PageHeader eyebrow={back} title="Payment" />
        <ErrorState title="This payment could not be loaded" message={describeError(payment.error)} />
      </>
    );
  }
  const p = payment.data;
  return (
    <>
      <PageHeader eyebrow={back} title={p.type === "PAYIN" ? "Inbound payment" : "Outbound payment"} />
      <PaymentDetail key={`${environment}-${id}`} environment={environment} initial={p} canSimulate={canSimulate} />
    </>
  );
}
