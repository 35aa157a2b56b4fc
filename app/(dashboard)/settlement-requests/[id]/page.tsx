import { DetailPage } from "@/components/detail/detail-page";
import { ApprovalTrail } from "@/components/approvals/approval-trail";
import { BatchTrail } from "@/components/batches/batch-trail";
import { PayinDecisionTrail } from "@/components/returns/return-trail";
import { LiveUpdates } from "@/components/live/live-updates";
import { RequestDetail } from "@/components/settlement-requests/detail/request-detail";
import { getSettlementRequest } from "@/lib/settlement-requests/actions/get-settlement-request";
import { getSettlementRequestHistory } from "@/lib/settlement-requests/actions/get-settlement-request-history";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "Settlement request" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** First data on the server (request and history in parallel); the client refreshes and mutates. */
export default async function SettlementRequestPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment] = await Promise.all([params, searchParams, getEnvironment()]);
  const [request, history] = await Promise.all([getSettlementRequest({ id }), getSettlementRequestHistory({ id })]);
  return (
    <DetailPage
      result={request}
      back={{ href: "/settlement-requests", label: "Settlement requests" }}
      title="Settlement request"
      titleOf={(r) =>
        r.external_id
          ? `Request ${r.external_id.length > 48 ? `${r.external_id.slice(0, 47)}…` : r.external_id}`
          : "Settlement request"
      }
      failedTitle="This request could not be loaded"
    >
      {(r) => (
        <>
          <ApprovalTrail resultId={id} />
          <BatchTrail environment={environment} resultId={id} />
          <PayinDecisionTrail environment={environment} requestId={id} />
          <LiveUpdates environment={environment} />
          <RequestDetail
            key={`${environment}-${id}`}
            environment={environment}
            id={id}
            initialRequest={r}
            initialHistory={history}
            created={sp.created === "1"}
          />
        </>
      )}
    </DetailPage>
  );
}
