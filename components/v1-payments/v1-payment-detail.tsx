"use client";

import { DetailFailure, DetailItem as Item } from "@/components/detail/detail-fields";
import { DetailScreen, useLiveResource } from "@/components/detail/detail-screen";
import { Countdown } from "@/components/settlement-requests/detail/countdown";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { livePaths, readLive } from "@/lib/dashboard/live-paths";
import { notifyV1Payment } from "@/lib/v1-payments/actions/notify-v1-payment";
import { ActionFailure, describeError } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { formatMoney } from "@/lib/money/format";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { CreatedBanner } from "@/components/ui/created-banner";
import { useSandboxOffset } from "@/components/sandbox/use-sandbox-offset";
import type { V1PaymentStatus } from "@/lib/state-machine/v1-payments";

/** CREATED waits for the wire (and expires), PROCESSING confirms on chain: refresh meanwhile. */
const LIVE: ReadonlySet<string> = new Set<V1PaymentStatus>(["CREATED", "PROCESSING"]);

export function V1PaymentDetail({
  environment,
  initial,
  created,
  canNotify,
}: {
  environment: Environment;
  initial: V1Payment;
  created: boolean;
  /** Whether the person may send the notification (the action checks again). */
  canNotify: boolean;
}) {
  const clockOffset = useSandboxOffset(environment);
  const query = useLiveResource(
    queryKeys.v1Payments.detail(environment, initial.id),
    () => readLive<typeof initial>(livePaths.v1Payment(initial.id)),
    initial,
    { while: LIVE, everyMs: 2000 },
  );
  const p = query.data;
  const notify = useActionMutation({
    environment,
    action: notifyV1Payment,
    invalidate: [queryKeys.v1Payments.all(environment)],
    success: (r) => `Incoming payment notified: ${r.status.toLowerCase()}`,
  });
  const notifyError = notify.error instanceof ActionFailure ? notify.error : null;

  return (
    <DetailScreen
      live={query}
      statusTestId="v1-status"
      copyLabel="Copy payment id"
      banner={
        created ? (
          <CreatedBanner title="/v1 payment created.">
            The amount is reserved; notify the incoming wire with its reference before it expires.
          </CreatedBanner>
        ) : null
      }
      main={
        <Card title="Payment">
          <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {formatMoney(p.amount, p.currency_code)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            on {railLabel(p.chain)} · {p.type}
          </p>
          <dl className="mt-5 grid gap-x-6 gap-y-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
            <Item label="Reference id" mono>
              <span className="inline-flex items-center gap-1" data-testid="v1-reference">
                {p.reference_id}
                <CopyButton value={p.reference_id} label="Copy reference id" />
              </span>
            </Item>
            <Item label="Destination wallet" mono>
              {p.destination_wallet}
            </Item>
            <Item label="Network fee">{p.network_fee ? formatMoney(p.network_fee, p.currency_code) : "—"}</Item>
            <Item label="Transaction hash" mono>
              {p.transaction_hash ?? "—"}
            </Item>
            <Item label="Created">{formatDateTime(p.created_at)}</Item>
            <Item label="Completed">{formatDateTime(p.completed_at)}</Item>
            {p.account_holder ? (
              <Item label="Account holder">
                {p.account_holder.first_name} {p.account_holder.last_name}
                {p.account_holder.email ? (
                  <span className="block text-xs text-slate-500">{p.account_holder.email}</span>
                ) : null}
              </Item>
            ) : null}
            {p.failure_reason ? (
              <DetailFailure label="Failure reason" className="sm:col-span-2">
                {p.failure_reason}
              </DetailFailure>
            ) : null}
          </dl>
        </Card>
      }
      side={
        <Card title="Incoming wire" description="POST /v1/payments/notifications · INCOMING_PAYMENT over WIRE">
          {p.status === "CREATED" ? (
            <div className="space-y-4">
              <div>
                <p className="mb-1 text-xs font-medium text-slate-500">Expires in</p>
                <Countdown until={p.expires_at} offsetSeconds={clockOffset} />
              </div>
              <p className="text-sm text-slate-600">
                When the wire with reference <code className="font-mono text-slate-800">{p.reference_id}</code> arrives,
                notify it: the on-chain transfer starts.
              </p>
              <div aria-live="polite">
                {notifyError ? (
                  <p role="alert" className="mb-2 text-sm text-red-700">
                    {describeError(notifyError)}
                  </p>
                ) : null}
              </div>
              {canNotify ? (
                <Button
                  loading={notify.isPending}
                  onClick={() =>
                    notify.mutate({ type: "INCOMING_PAYMENT", reference_id: p.reference_id, rail: "WIRE" })
                  }
                >
                  Notify incoming payment
                </Button>
              ) : (
                <p className="text-sm text-slate-500">Your role cannot send the notification.</p>
              )}
            </div>
          ) : p.status === "PROCESSING" ? (
            <p className="text-sm text-slate-600">
              Notified. The transfer is confirming on {railLabel(p.chain)}; this page refreshes until it completes.
            </p>
          ) : (
            <p className="text-sm text-slate-500">
              {p.status === "EXPIRED"
                ? "Expired before the wire was notified; the reserve was released."
                : `The payment is ${p.status.toLowerCase()}; nothing to notify.`}
            </p>
          )}
        </Card>
      }
    />
  );
}
