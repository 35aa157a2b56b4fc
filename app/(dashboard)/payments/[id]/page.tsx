import { DetailPage } from "@/components/detail/detail-page";
import { PaymentDetail } from "@/components/payments/payment-detail";
import { getPayment } from "@/lib/payments/actions/get-payment";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "Payment" };

type Props = { params: Promise<{ id: string }> };

/** First data on the server; the client refreshes while the payment moves, and sets its status in sandbox. */
export default async function PaymentPage({ params }: Props) {
  const [{ id }, environment, actor] = await Promise.all([params, getEnvironment(), getActor()]);
  const canSimulate = actor !== null && can(actor.role, "sandbox:simulate", environment);
  const payment = await getPayment({ id });
  return (
    <DetailPage
      result={payment}
      back={{ href: "/payments", label: "Payments" }}
      title="Payment"
      titleOf={(p) => (p.type === "PAYIN" ? "Inbound payment" : "Outbound payment")}
      failedTitle="This payment could not be loaded"
    >
      {(p) => (
        <PaymentDetail key={`${environment}-${id}`} environment={environment} initial={p} canSimulate={canSimulate} />
      )}
    </DetailPage>
  );
}
