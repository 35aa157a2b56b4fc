"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { RawJson } from "@/components/settlement-requests/detail/raw-json";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { getPayment } from "@/lib/actions/get-payment";
import { unwrap } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Payment } from "@/lib/schemas/payment";
import { ownerOf } from "./payment-owner";
import { PaymentStatusControl } from "./payment-status-control";
import { ResourceStatusLine } from "@/components/ui/resource-status-line";

/** While a payment moves on the simulated rails its status changes within seconds: refresh. */
const MOVING = new Set(["PENDING", "PROCESSING", "SENT"]);

function Item({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={mono ? "mt-0.5 font-mono text-sm break-all text-slate-900" : "mt-0.5 text-sm break-words text-slate-900"}>{children}</dd>
    </div>
  );
}

function Party({ title, party }: { title: string; party: Payment["source"] }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{title}</p>
      <p className="mt-1.5 text-lg font-semibold text-slate-900 tabular-nums">{formatMoney(party.amount, party.currency)}</p>
      <p className="text-sm text-slate-600">{party.currency} · {railLabel(party.rail)}</p>
      {party.wallet_address ? <p className="mt-2 truncate font-mono text-xs text-slate-600" title={party.wallet_address}>{party.wallet_address}</p> : null}
      {party.transaction_hash ? (
        <p className="mt-1 flex items-center gap-1 font-mono text-xs text-slate-600">
          <span className="truncate" title={party.transaction_hash}>tx {party.transaction_hash}</span>
          <CopyButton value={party.transaction_hash} label="Copy transaction hash" />
        </p>
      ) : null}
    </div>
  );
}

export function PaymentDetail({ environment, initial, canSimulate }: { environment: Environment; initial: Payment; canSimulate: boolean }) {
  const query = useQuery({
    queryKey: queryKeys.payments.detail(environment, initial.id),
    queryFn: async () => unwrap(await getPayment({ id: initial.id })),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && MOVING.has(q.state.data.status) ? 2500 : false),
  });
  const p = query.data;
  const owner = ownerOf(p);
  const metadata = Object.entries(p.metadata);

  return (
    <div className="space-y-6">
      <ResourceStatusLine status={p.status} statusTestId="payment-status" id={p.id} copyLabel="Copy payment id" refreshing={query.isFetching}>
        <Badge tone={p.type === "PAYIN" ? "info" : "accent"}>{p.type === "PAYIN" ? "Payin · inbound" : "Payout · outbound"}</Badge>
      </ResourceStatusLine>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Card title="Money movement">
            <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
              <Party title="From" party={p.source} />
              <ArrowRightIcon className="mx-auto size-4 shrink-0 rotate-90 text-slate-500 sm:rotate-0" aria-hidden="true" />
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
                <div className="sm:col-span-2 lg:col-span-3">
                  <dt className="text-xs font-medium text-red-700">Failure reason</dt>
                  <dd className="mt-0.5 text-sm text-red-800" data-testid="payment-failure">{p.failure_reason}</dd>
                </div>
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
        </div>
        <div className="space-y-6">
          {environment === "sandbox" && canSimulate ? (
            <PaymentStatusControl environment={environment} payment={p} />
          ) : (
            <Card title="Status">
              <p className="text-sm text-slate-500">
                {environment === "sandbox" ? "Your role cannot set payment statuses." : "Payment statuses can be set by hand only in sandbox."}
              </p>
            </Card>
          )}
        </div>
      </div>
      <RawJson value={p} />
    </div>
  );
}
