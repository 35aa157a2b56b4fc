"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { useCan } from "@/components/auth/actor-context";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { listWebhookDeliveries } from "@/lib/webhook-endpoints/actions/list-webhook-deliveries";
import { retryWebhookDelivery } from "@/lib/webhook-endpoints/actions/retry-webhook-delivery";
import { redriveDeadLetters } from "@/lib/webhook-endpoints/actions/redrive-dead-letters";
import { Dialog, DialogActions, DialogClose } from "@/components/ui/dialog";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatCountdown, formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { useSandboxOffset } from "@/components/sandbox/use-sandbox-offset";
import type { WebhookDelivery } from "@/lib/schemas/webhook";

/** While the log is open it refreshes every few seconds: attempts happen on the service's schedule. */
/** A fallback: delivery results arrive over the live stream (components/live/use-live-updates.ts). */
const REFRESH_MS = 10_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Every delivery of one endpoint with each attempt, the next scheduled retry, and "Retry now";
 * or only its dead letters (deliveries that used their ten attempts), sent again all at once
 * (issue 63).
 */
export function DeliveryLog({ environment, webhookId }: { environment: Environment; webhookId: string }) {
  const [deadOnly, setDeadOnly] = useState(false);
  const deliveries = useQuery({
    queryKey: queryKeys.webhooks.deliveries(environment, webhookId, deadOnly),
    queryFn: async () => unwrap(await listWebhookDeliveries({ id: webhookId, deadLetters: deadOnly })).data,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const retry = useActionMutation({
    environment,
    action: retryWebhookDelivery,
    invalidate: [queryKeys.webhooks.deliveries(environment, webhookId)],
    success: () => "Retrying now",
  });
  const redrive = useActionMutation({
    environment,
    action: redriveDeadLetters,
    invalidate: [queryKeys.webhooks.deliveries(environment, webhookId)],
    success: (r) =>
      r.redriven === 0
        ? "No dead letter to send"
        : `${r.redriven} dead letter${r.redriven === 1 ? "" : "s"} sent again, oldest first`,
  });
  // A retry is due on the service's clock: in the sandbox, the account's sandbox clock (issue 60).
  const now = useNow(1_000) + useSandboxOffset(environment) * 1_000;
  const canRetry = useCan("webhooks:manage");
  const dead = deadOnly ? (deliveries.data ?? []) : [];

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2">
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields */}
        <div className="flex gap-1.5" role="group" aria-label="Which deliveries">
          {[
            { dead: false, label: "All deliveries" },
            { dead: true, label: "Dead letters" },
          ].map((v) => (
            <button
              key={v.label}
              type="button"
              aria-pressed={deadOnly === v.dead}
              onClick={() => setDeadOnly(v.dead)}
              className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-accent-300 aria-pressed:bg-accent-50 aria-pressed:text-accent-800"
            >
              {v.label}
            </button>
          ))}
        </div>
        {canRetry && dead.length > 0 ? (
          <Dialog
            title={`Send ${dead.length} dead letter${dead.length === 1 ? "" : "s"} again?`}
            description="They go out now, oldest event first, each counting on from its last attempt: one that fails again stays a dead letter."
            trigger={
              <Button size="sm" variant="secondary" className="ml-auto" loading={redrive.isPending}>
                Send all again
              </Button>
            }
            footer={
              <DialogActions cancel="Cancel">
                <DialogClose asChild>
                  <Button onClick={() => redrive.mutate({ id: webhookId, body: {} })}>Send them again</Button>
                </DialogClose>
              </DialogActions>
            }
          />
        ) : null}
      </div>
      {deliveries.error ? (
        <ErrorState
          title="The delivery log could not be loaded"
          message={
            deliveries.error instanceof ActionFailure ? describeError(deliveries.error) : "Something went wrong."
          }
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : !deliveries.data ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : deliveries.data.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500" data-testid="deliveries-empty">
          {deadOnly
            ? "No dead letters: every delivery succeeded or still has attempts to come."
            : "No deliveries yet. Events this endpoint subscribes to will show here with every attempt."}
        </p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={deadOnly ? "Dead letters" : "Deliveries"}>
          {deliveries.data.map((d) => (
            <DeliveryRow
              key={d.id}
              delivery={d}
              now={now}
              retrying={retry.isPending && retry.variables?.deliveryId === d.id}
              onRetry={canRetry ? () => retry.mutate({ id: webhookId, deliveryId: d.id }) : undefined}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function nextRetryText(d: WebhookDelivery, now: number): string | null {
  if (d.status !== "PENDING" || !d.next_attempt_at) return null;
  const at = Date.parse(d.next_attempt_at);
  const wait = at - now;
  return wait > 0
    ? `Next attempt ${formatDateTime(d.next_attempt_at)} (in ${formatCountdown(wait)})`
    : "Next attempt due now";
}

function DeliveryRow({
  delivery: d,
  now,
  retrying,
  onRetry,
}: {
  delivery: WebhookDelivery;
  now: number;
  retrying: boolean;
  onRetry?: () => void;
}) {
  const next = nextRetryText(d, now);
  const attempts = [...d.attempts].sort((a, b) => a.attempt - b.attempt);
  return (
    <li className="px-4 py-3" data-testid="delivery" data-status={d.status} data-event-id={d.event_id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span className="font-mono text-sm text-slate-900">{d.event_type}</span>
        <StatusBadge status={d.status} />
        <span className="font-mono text-xs text-slate-500">{d.event_id}</span>
        <span className="text-xs text-slate-500">
          {d.attempt_count} attempt{d.attempt_count === 1 ? "" : "s"}
        </span>
        {d.replay_id ? (
          <Badge tone="neutral" data-testid="replayed" title={`X-Service-Replay: ${d.replay_id}`}>
            Replayed
          </Badge>
        ) : null}
        {next ? (
          <Badge tone="info" data-testid="next-retry" className="max-w-full whitespace-normal">
            {next}
          </Badge>
        ) : null}
        {onRetry ? (
          <Button size="sm" variant="secondary" className="ml-auto" loading={retrying} onClick={onRetry}>
            Retry now
          </Button>
        ) : null}
      </div>
      {attempts.length > 0 ? (
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">Attempts of {d.event_id}</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                #
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Time
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                HTTP
              </th>
              <th scope="col" className="hidden py-1 pr-3 text-right font-medium sm:table-cell">
                Duration
              </th>
              <th scope="col" className="py-1 font-medium">
                Response
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-50">
            {attempts.map((a) => {
              const ok = a.http_status !== null && a.http_status >= 200 && a.http_status < 300;
              return (
                <tr key={a.attempt} data-testid="attempt" data-http-status={a.http_status ?? "none"}>
                  <td className="py-1 pr-3 tabular-nums text-slate-500">{a.attempt}</td>
                  <td className="py-1 pr-3 text-slate-600 sm:whitespace-nowrap">{formatDateTime(a.at)}</td>
                  <td className="py-1 pr-3">
                    <Badge tone={ok ? "success" : "danger"}>{a.http_status ?? "no answer"}</Badge>
                  </td>
                  <td className="hidden py-1 pr-3 text-right tabular-nums text-slate-600 sm:table-cell">
                    {a.duration_ms} ms
                  </td>
                  <td className="max-w-md py-1 font-mono break-all text-slate-600">
                    {a.error ? <span className="text-red-700">{a.error} </span> : null}
                    <span className="line-clamp-2">{a.response_body ?? ""}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}
