import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveUpdates } from "@/components/live/live-updates";
import { RequestDetail } from "@/components/settlement-requests/detail/request-detail";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { getSettlementRequest } from "@/lib/actions/get-settlement-request";
import { getSettlementRequestHistory } from "@/lib/actions/get-settlement-request-history";
import { describeError } from "@/lib/actions/result";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Settlement request" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** First data on the server (request and history in parallel); the client refreshes and mutates. */
export default async function SettlementRequestPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment] = await Promise.all([params, searchParams, getEnvironment()]);
  const [request, history] = await Promise.all([getSettlementRequest({ id }), getSettlementRequestHistory({ id })]);
  if (!request.ok && (request.error.code === "not_found" || request.error.code === "invalid_input")) notFound();

  const back = <Link href="/settlement-requests" className="hover:text-slate-800">← Settlement requests</Link>;
  if (!request.ok) {
    return (
      <>
        <PageHeader eyebrow={back} title="Settlement request" />
        <ErrorState title="This request could not be loaded" message={describeError(request.error)} />
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={back} title={request.data.external_id ? `Request ${request.data.external_id}` : "Settlement request"} />
      <LiveUpdates environment={environment} />
      <RequestDetail
        key={`${environment}-${id}`}
        environment={environment}
        id={id}
        initialRequest={request.data}
        initialHistory={history}
        created={sp.created === "1"}
      />
    </>
  );
}
