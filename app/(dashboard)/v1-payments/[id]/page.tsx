import { DetailPage } from "@/components/detail/detail-page";
import { ApprovalTrail } from "@/components/approvals/approval-trail";
import { V1PaymentDetail } from "@/components/v1-payments/v1-payment-detail";
import { getV1Payment } from "@/lib/v1-payments/actions/get-v1-payment";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "/v1 payment" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function V1PaymentPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment, actor] = await Promise.all([params, searchParams, getEnvironment(), getActor()]);
  const canNotify = actor !== null && can(actor.role, "settlement:update", environment);
  const payment = await getV1Payment({ id });
  return (
    <DetailPage
      result={payment}
      back={{ href: "/v1-payments", label: "/v1 payments" }}
      title="/v1 payment"
      failedTitle="This payment could not be loaded"
    >
      {(p) => (
        <>
          <ApprovalTrail resultId={id} />
          <V1PaymentDetail
            key={`${environment}-${id}`}
            environment={environment}
            initial={p}
            created={sp.created === "1"}
            canNotify={canNotify}
          />
        </>
      )}
    </DetailPage>
  );
}
