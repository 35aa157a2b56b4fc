import { DetailPage } from "@/components/detail/detail-page";
import { ApprovalTrail } from "@/components/approvals/approval-trail";
import { BatchTrail } from "@/components/batches/batch-trail";
import { ReturnOfPayin } from "@/components/returns/return-trail";
import { DisbursementDetail } from "@/components/disbursements/disbursement-detail";
import { getDisbursement } from "@/lib/disbursements/actions/get-disbursement";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "Disbursement" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DisbursementPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment] = await Promise.all([params, searchParams, getEnvironment()]);
  const disbursement = await getDisbursement({ id });
  return (
    <DetailPage
      result={disbursement}
      back={{ href: "/disbursements", label: "Disbursements" }}
      title="Disbursement"
      failedTitle="This disbursement could not be loaded"
    >
      {(d) => (
        <>
          <ApprovalTrail resultId={id} />
          <BatchTrail environment={environment} resultId={id} />
          <ReturnOfPayin environment={environment} disbursementId={id} />
          <DisbursementDetail
            key={`${environment}-${id}`}
            environment={environment}
            initial={d}
            created={sp.created === "1"}
          />
        </>
      )}
    </DetailPage>
  );
}
