"use client";

import { Link } from "@/components/ui/link";
import { DetailFailure, DetailItem as Item } from "@/components/detail/detail-fields";
import { DetailScreen, useLiveResource } from "@/components/detail/detail-screen";
import { Card } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { livePaths, readLive } from "@/lib/dashboard/live-paths";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { CreatedBanner } from "@/components/ui/created-banner";
import type { DisbursementStatus } from "@/lib/state-machine/disbursements";

/** PENDING → PROCESSING → COMPLETED | FAILED, within seconds on the simulated rails: refresh meanwhile. */
/** Statuses the screen keeps refreshing in (typed: a status outside the list does not compile). */
const MOVING: ReadonlySet<string> = new Set<DisbursementStatus>(["PENDING", "PROCESSING"]);
const STEPS = ["PENDING", "PROCESSING", "COMPLETED"] as const satisfies readonly DisbursementStatus[];

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
        const tone = failedHere
          ? "bg-red-600 text-white"
          : done
            ? "bg-accent-600 text-white"
            : "bg-slate-100 text-slate-500 ring-1 ring-slate-200";
        return (
          <li key={step} className="flex items-center gap-3" aria-current={i === reached ? "step" : undefined}>
            <span className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${tone}`}>
              {failedHere ? "!" : done ? <CheckIcon className="size-3.5" /> : i + 1}
            </span>
            <span className={`text-sm ${done || failedHere ? "font-medium text-slate-900" : "text-slate-500"}`}>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function DisbursementDetail({
  environment,
  initial,
  created,
}: {
  environment: Environment;
  initial: Disbursement;
  created: boolean;
}) {
  const query = useLiveResource(
    queryKeys.disbursements.detail(environment, initial.id),
    () => readLive<typeof initial>(livePaths.disbursement(initial.id)),
    initial,
    { while: MOVING, everyMs: 2000 },
  );
  const d = query.data;

  return (
    <DetailScreen
      live={query}
      statusTestId="disbursement-status"
      copyLabel="Copy disbursement id"
      banner={
        created ? (
          <CreatedBanner title="Disbursement created.">
            The amount is reserved from your balance while it is sent.
          </CreatedBanner>
        ) : null
      }
      main={
        <Card title="Payout">
          <p
            className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
            data-testid="disbursement-amount"
          >
            {formatMoney(d.amount, d.currency)}
          </p>
          <p className="mt-1 text-sm text-slate-600">{d.chain ? `on ${railLabel(d.chain)}` : null}</p>
          <dl className="mt-5 grid gap-x-6 gap-y-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
            <Item label="Wallet address" mono>
              {d.wallet_address ?? "—"}
            </Item>
            <Item label="Destination id" mono>
              {d.destination_id}
            </Item>
            <Item label="Created">{formatDateTime(d.created_at)}</Item>
            <Item label="Updated">{formatDateTime(d.updated_at)}</Item>
            <Item label="Completed">{formatDateTime(d.completed_at)}</Item>
            <Item label="Payment">
              {d.payment_id ? (
                <Link
                  href={`/payments/${d.payment_id}`}
                  className="font-mono text-xs text-accent-700 hover:underline"
                  data-testid="disbursement-payment"
                >
                  {d.payment_id}
                </Link>
              ) : (
                <span className="text-slate-500">Not yet</span>
              )}
            </Item>
            {d.failure_reason ? (
              <DetailFailure label="Failure" testId="disbursement-failure" className="sm:col-span-2">
                <span className="font-mono">{d.failure_reason.code}</span> · {d.failure_reason.message}
              </DetailFailure>
            ) : null}
          </dl>
        </Card>
      }
      side={
        <Card title="Progress" description={MOVING.has(d.status) ? "Refreshing every 2 s while it moves" : undefined}>
          <Progress status={d.status} />
        </Card>
      }
    />
  );
}
