"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { RawJson } from "@/components/settlement-requests/detail/raw-json";
import { Card } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { getDisbursement } from "@/lib/actions/get-disbursement";
import { unwrap } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { DISBURSEMENT_RAIL_STATUSES } from "@/lib/state-machine/disbursements";
import { ResourceStatusLine, SuccessBanner } from "@/components/ui/resource-status-line";

/** PENDING → PROCESSING → COMPLETED | FAILED, within seconds on the simulated rails: refresh meanwhile. */
/** While the simulated rail moves it, the page refreshes. */
const MOVING = new Set<string>(DISBURSEMENT_RAIL_STATUSES);
const STEPS = ["PENDING", "PROCESSING", "COMPLETED"] as const;

function Item({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={mono ? "mt-0.5 font-mono text-sm break-all text-slate-900" : "mt-0.5 text-sm text-slate-900"}>{children}</dd>
    </div>
  );
}

/** Where the disbursement is on its way, as three steps (the last one red when it failed). */
function Progress({ status }: { status: Disbursement["status"] }) {
  const failed = status === "FAILED";
  const reached = failed ? 1 : STEPS.indexOf(status);
  return (
    <ol className="space-y-3" aria-label="Progress">
      {STEPS.map((step, i) => {
        const last = i === STEPS.length - 1;
        const failedHere = last && failed;
        const done = i <= reached;
        const label = failedHere ? "Failed" : step.charAt(0) + step.slice(1).toLowerCase();
        const tone = failedHere ? "bg-red-600 text-white" : done ? "bg-accent-600 text-white" : "bg-slate-100 text-slate-500 ring-1 ring-slate-200";
        return (
          <li key={step} className="flex items-center gap-3" aria-current={i === reached ? "step" : undefined}>
            <span className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${tone}`}>
              {failedHere ? "!" : done ? <CheckIcon className="size-3.5" /> : i + 1}
            </span>
            <span className={`text-sm ${done || failedHere ? "font-medium text-slate-900" : "text-slate-500"}`}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function DisbursementDetail({ environment, initial, created }: { environment: Environment; initial: Disbursement; created: boolean }) {
  const query = useQuery({
    queryKey: queryKeys.disbursements.detail(environment, initial.id),
    queryFn: async () => unwrap(await getDisbursement({ id: initial.id })),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && MOVING.has(q.state.data.status) ? 2000 : false),
  });
  const d = query.data;

  return (
    <div className="space-y-6">
      <ResourceStatusLine status={d.status} statusTestId="disbursement-status" id={d.id} copyLabel="Copy disbursement id" refreshing={query.isFetching} />

      {created ? (
        <SuccessBanner title="Disbursement created.">The amount is reserved from your balance while it is sent.</SuccessBanner>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Card title="Payout">
            <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="disbursement-amount">
              {formatMoney(d.amount, d.currency)}
            </p>
            <p className="mt-1 text-sm text-slate-600">{d.chain ? `on ${railLabel(d.chain)}` : null}</p>
            <dl className="mt-5 grid gap-x-6 gap-y-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
              <Item label="Wallet address" mono>{d.wallet_address ?? "—"}</Item>
              <Item label="Destination id" mono>{d.destination_id}</Item>
              <Item label="Created">{formatDateTime(d.created_at)}</Item>
              <Item label="Updated">{formatDateTime(d.updated_at)}</Item>
              <Item label="Completed">{formatDateTime(d.completed_at)}</Item>
              <Item label="Payment">
                {d.payment_id ? (
                  <Link href={`/payments/${d.payment_id}`} className="font-mono text-xs text-accent-700 hover:underline" data-testid="disbursement-payment">
                    {d.payment_id}
                  </Link>
                ) : (
                  <span className="text-slate-500">Not yet</span>
                )}
              </Item>
              {d.failure_reason ? (
                <div className="sm:col-span-2">
                  <dt className="text-xs font-medium text-red-700">Failure</dt>
                  <dd className="mt-0.5 text-sm text-red-800" data-testid="disbursement-failure">
                    <span className="font-mono">{d.failure_reason.code}</span> · {d.failure_reason.message}
                  </dd>
                </div>
              ) : null}
            </dl>
          </Card>
        </div>
        <div className="space-y-6">
          <Card title="Progress" description={MOVING.has(d.status) ? "Refreshing every 2 s while it moves" : undefined}>
            <Progress status={d.status} />
          </Card>
        </div>
      </div>
      <RawJson value={d} />
    </div>
  );
}
