"use client";

import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useCan } from "@/components/auth/actor-context";
import { DetailScreen, useLiveResource } from "@/components/detail/detail-screen";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import { livePaths, readLive } from "@/lib/dashboard/live-paths";
import type { Event } from "@/lib/schemas/event";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { isChain } from "@/lib/schemas/catalog";
import { FINAL_REQUEST_STATUSES, type SandboxSettlementStatus } from "@/lib/state-machine/statuses";
import type { SettlementHistory, SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { useSandboxOffset } from "@/components/sandbox/use-sandbox-offset";
import { ClientMovesCard } from "./client-moves-card";
import { instructionsEnded, PaymentInstructionsCard } from "./payment-instructions";
import { ShareInstructions } from "./share-instructions";
import { PaymentsCard } from "./payments-card";
import { DestinationCard, RequestSummary } from "./request-summary";
import { Timeline } from "./timeline";
import { paymentMoves, timelineItems } from "./timeline-items";
import { CreatedBanner } from "@/components/ui/created-banner";

/** Simulate is for developers in the sandbox: its forms load after the page, in its place. */
const SimulatePanel = dynamic(() => import("./simulate-panel").then((m) => m.SimulatePanel), {
  ssr: false,
  loading: () => <Skeleton className="h-64" />,
});

const TERMINAL = new Set<string>(FINAL_REQUEST_STATUSES);
/** While money is moving, the rails simulation changes statuses within seconds: refresh. */
const MOVING: ReadonlySet<string> = new Set<SandboxSettlementStatus>(["FUNDS_SENT", "SETTLEMENT_SENT"]);

export function RequestDetail({
  environment,
  id,
  initialRequest,
  initialHistory,
  created,
}: {
  environment: Environment;
  id: string;
  initialRequest: SettlementRequest;
  initialHistory: ActionResult<SettlementHistory>;
  created: boolean;
}) {
  // The server refuses what a role may not do; this only hides the controls.
  const canUpdate = useCan("settlement:update");
  const canSimulate = useCan("sandbox:simulate");
  const canShare = useCan("instructions:share");
  const canRevokeLinks = useCan("instructions:revoke");
  const request = useLiveResource(
    queryKeys.settlementRequests.detail(environment, id),
    () => readLive<SettlementRequest>(livePaths.settlementRequest(id)),
    initialRequest,
    { while: MOVING, everyMs: 2500 },
  );
  const history = useQuery({
    queryKey: queryKeys.settlementRequests.history(environment, id),
    queryFn: async () => unwrap(await readLive<SettlementHistory>(livePaths.settlementRequestHistory(id))),
    initialData: initialHistory.ok ? initialHistory.data : undefined,
  });
  const r = request.data;
  // Its payments' moves, from their events (an extension: without it the timeline is the history alone).
  const paymentStatuses = `${r.inbound_payment.status}/${r.outbound_payment.status}`;
  const paymentEvents = useQuery({
    queryKey: queryKeys.settlementRequests.paymentEvents(environment, id, paymentStatuses),
    queryFn: async () => {
      const result = await readLive<{ data: Event[] }>(livePaths.settlementRequestEvents(id));
      return result.ok ? paymentMoves(result.data.data) : [];
    },
    staleTime: 30_000,
  });
  // The history follows the request: refetch it when the status moves (rails, scheduler).
  const { refetch: refetchHistory } = history;
  const seenStatus = useRef(r.status);
  useEffect(() => {
    if (seenStatus.current === r.status) return;
    seenStatus.current = r.status;
    void refetchHistory();
  }, [r.status, refetchHistory]);

  const historyError =
    history.error instanceof ActionFailure
      ? history.error
      : !initialHistory.ok && !history.data
        ? initialHistory.error
        : null;
  const clockOffset = useSandboxOffset(environment);
  const ended = instructionsEnded(r.status, r.payment_instructions.valid_until, Date.now() + clockOffset * 1000);
  const active = ended === null;

  return (
    <DetailScreen
      live={request}
      statusTestId="request-status"
      copyLabel="Copy request id"
      banner={
        created ? (
          <CreatedBanner title="Settlement request created.">
            Share the payment instructions below with the payer.
          </CreatedBanner>
        ) : null
      }
      main={
        <>
          <PaymentInstructionsCard
            instructions={r.payment_instructions}
            ended={ended}
            clockOffsetSeconds={clockOffset}
          />
          {active && canShare ? <ShareInstructions id={r.id} canRevoke={canRevokeLinks} /> : null}
          <RequestSummary request={r} />
          <DestinationCard request={r} />
          <PaymentsCard inbound={r.inbound_payment} outbound={r.outbound_payment} />
        </>
      }
      side={
        <>
          {canUpdate ? (
            <ClientMovesCard
              environment={environment}
              id={r.id}
              status={r.status}
              chains={{
                inbound: isChain(r.source.rail) ? r.source.rail : null,
                outbound: isChain(r.destination.rail) ? r.destination.rail : null,
              }}
            />
          ) : null}
          {canSimulate && environment === "sandbox" && !TERMINAL.has(r.status) ? (
            <SimulatePanel environment={environment} request={r} />
          ) : null}
          {environment === "sandbox" && TERMINAL.has(r.status) ? (
            <Card title="Simulate">
              <p className="text-sm text-slate-500">
                {humanizeStatus(r.status)} ends the request; nothing left to simulate.
              </p>
            </Card>
          ) : null}
          <Card title="Status timeline" description="Every move, oldest first">
            {historyError ? (
              <ErrorState
                title="Timeline unavailable"
                message={describeError(historyError)}
                onRetry={() => void history.refetch()}
                retrying={history.isFetching}
              />
            ) : history.data ? (
              <Timeline items={timelineItems(history.data.data, paymentEvents.data ?? [])} />
            ) : (
              <div className="space-y-3">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-5 w-1/2" />
              </div>
            )}
          </Card>
          <Card title="Events, deliveries and API calls" description="Was the merchant notified? Who called what?">
            <Link
              href={`/events?resource=${encodeURIComponent(r.id)}`}
              className="text-sm font-medium text-accent-700 hover:text-accent-800"
              data-testid="request-events-link"
            >
              Events and their deliveries →
            </Link>
            <Link
              href={`/request-log?resource=${encodeURIComponent(r.id)}&also=${encodeURIComponent(`${r.inbound_payment.id},${r.outbound_payment.id}`)}`}
              className="mt-2 block text-sm font-medium text-accent-700 hover:text-accent-800"
              data-testid="request-calls-link"
            >
              API calls that touched it →
            </Link>
          </Card>
        </>
      }
    />
  );
}
