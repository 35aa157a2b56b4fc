"use client";

import { Link } from "@/components/ui/link";
import { DetailFailure, DetailItem as Item } from "@/components/detail/detail-fields";
import { DetailScreen, useLiveResource } from "@/components/detail/detail-screen";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { livePaths, readLive } from "@/lib/dashboard/live-paths";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Payment } from "@/lib/schemas/payment";
import { ownerOf } from "./payment-owner";
import { PaymentStatusControl } from "./payment-status-control";
import type { PaymentStatus } from "@/lib/state-machine/statuses";

/** While a payment moves on the simulated rails its status changes within seconds: refresh. */
/** Statuses the screen keeps refreshing in (they move by themselves). */
const MOVING: ReadonlySet<string> = new Set<PaymentStatus>(["PENDING", "PROCESSING", "SENT"]);

function Party({ title, party }: { title: string; party: Payment["source"] }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{title}</p>
      <p className="mt-1.5 text-lg font-semibold text-slate-900 tabular-nums">
        {formatMoney(party.amount, party.currency)}
      </p>
      <p className="text-sm text-slate-600">
        {party.currency} · {railLabel(party.rail)}
      </p>
      {party.wallet_address ? (
        <p className="mt-2 truncate font-mono text-xs text-slate-600" title={party.wallet_address}>
          {party.wallet_address}
        </p>
      ) : null}
      {party.transaction_hash ? (
        <p className="mt-1 flex items-center gap-1 font-mono text-xs text-slate-600">
          <span className="truncate" title={party.transaction_hash}>
            tx {party.transaction_hash}
          </span>
          <CopyButton value={party.transaction_hash} label="Copy transaction hash" />
        </p>
      ) : null}
    </div>
  );
}

export function PaymentDetail({
  environment,
  initial,
  canSimulate,
}: {
  environment: Environment;
  initial: Payment;
  canSimulate: boolean;
}) {
  const query = useLiveResource(
    queryKeys.payments.detail(environment, initial.id),
    () => readLive<typeof initial>(livePaths.payment(initial.id)),
    initial,
    { while: MOVING, everyMs: 2500 },
  );
  const p = query.data;
  const owner = ownerOf(p);
  const metadata = Object.entries(p.metadata);

  return (
    <DetailScreen
      live={query}
      statusTestId="payment-status"
      copyLabel="Copy payment id"
      badges={
        <Badge tone={p.type === "PAYIN" ? "info" : "accent"}>
          {p.type === "PAYIN" ? "Payin · inbound" : "Payout · outbound"}
        </Badge>
      }
      main={
        <>
          <Card title="Money movement">
            <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
              <Party title="From" party={p.source} />
              <ArrowRightIcon
                className="mx-auto size-4 shrink-0 rotate-90 text-slate-500 sm:rotate-0"
                aria-hidden="true"
              />
              <Party title="To" party={p.destination} />
            </div>
          </Card>
          <Card title="Details">
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
              <Item label="Fee">{formatMoney(p.fee, p.source.currency)}</Item>
              <Item label="Created">{formatDateTime(p.created_at)}</Item>
              <Item label="Updated">{formatDateTime(p.updated_at)}</Item>
              <Item label="Completed">{formatDateTime(p.completed_at)}</Item>
              <Item label="Belongs to">
                {owner ? (
                  <Link href={owner.href} className="text-accent-700 hover:underline" data-testid="payment-owner">
                    {owner.label} <span className="font-mono text-xs">{owner.id}</span>
                  </Link>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </Item>
              {p.failure_reason ? (
                <DetailFailure label="Failure reason" testId="payment-failure" className="sm:col-span-2 lg:col-span-3">
                  {p.failure_reason}
                </DetailFailure>
              ) : null}
            </dl>
            {metadata.length > 0 ? (
              <div className="mt-5 border-t border-slate-100 pt-4">
                <h3 className="mb-2 text-xs font-medium text-slate-500">Metadata</h3>
                <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  {metadata.map(([k, v]) => (
                    <div key={k} className="contents">
                      <dt className="font-mono text-slate-600">{k}</dt>
                      <dd className="break-words text-slate-900">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ) : null}
          </Card>
        </>
      }
      side={
        environment === "sandbox" && canSimulate ? (
          <PaymentStatusControl environment={environment} payment={p} />
        ) : (
          <Card title="Status">
            <p className="text-sm text-slate-500">
              {environment === "sandbox"
                ? "Your role cannot set payment statuses."
                : "Payment statuses can be set by hand only in sandbox."}
            </p>
          </Card>
        )
      }
    />
  );
}
