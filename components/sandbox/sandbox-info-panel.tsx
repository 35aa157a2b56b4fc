"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RefreshIcon } from "@/components/ui/icons";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getSandboxInfo } from "@/lib/sandbox/actions/get-sandbox-info";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { SandboxInfo } from "@/lib/schemas/sandbox";

const COUNT = new Intl.NumberFormat("en-US");

function Item({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Chips({ values, label = (v: string) => v }: { values: string[]; label?: (v: string) => string }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {values.map((v) => (
        <Badge key={v} tone="neutral">
          {label(v)}
        </Badge>
      ))}
    </div>
  );
}

/** GET /v0/sandbox/info: who the key belongs to, balances, what is supported, limits, clock. */
export function SandboxInfoPanel({ environment, initial }: { environment: Environment; initial: SandboxInfo }) {
  const info = useQuery({
    queryKey: queryKeys.sandboxInfo(environment),
    queryFn: async () => unwrap(await getSandboxInfo({})),
    initialData: initial,
  });
  const i = info.data;
  const error = info.error instanceof ActionFailure ? info.error : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card
        title="Balances"
        description="Pre-funded, per currency: disbursements and /v1 payments reserve from the available amount"
        flush
        actions={
          <Button variant="ghost" size="sm" onClick={() => void info.refetch()} loading={info.isFetching}>
            {info.isFetching ? null : <RefreshIcon className="size-3.5" />} Refresh
          </Button>
        }
      >
        {error ? (
          <p role="alert" className="px-5 pt-3 text-sm text-red-700">
            {describeError(error)}
          </p>
        ) : null}
        {i.balances.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">No balances on this account yet.</p>
        ) : (
          <div className="[&>div]:rounded-none [&>div]:border-0 [&>div]:shadow-none">
            <Table caption="Balances per currency">
              <THead>
                <tr>
                  <TH>Currency</TH>
                  <TH numeric>Total</TH>
                  <TH numeric>Available</TH>
                  <TH numeric>Reserved</TH>
                </tr>
              </THead>
              <TBody>
                {i.balances.map((b) => (
                  <TR key={b.currency} data-testid={`balance-${b.currency}`}>
                    <TD className="font-medium text-slate-900">{b.currency}</TD>
                    <TD numeric>{formatMoney(b.total_balance, b.currency)}</TD>
                    <TD numeric className="font-medium text-slate-900">
                      {formatMoney(b.available_balance, b.currency)}
                    </TD>
                    <TD numeric>{formatMoney(b.reserved_balance, b.currency)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </Card>

      <Card title="Account and limits">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2" data-testid="sandbox-info">
          <Item label="Environment">
            <Badge tone="accent">{i.environment}</Badge>
          </Item>
          <Item label="Account">
            {i.account.name}
            <span className="block font-mono text-xs text-slate-500">{i.account.id}</span>
          </Item>
          <Item label="Rate limit">
            {COUNT.format(i.rate_limit.limit)} requests / {i.rate_limit.window_seconds} s
          </Item>
          <Item label="Server time">
            <span data-testid="server-time">{formatDateTime(i.server_time)}</span>
          </Item>
          <Item label="Currencies" wide>
            <Chips values={i.supported.currencies} />
          </Item>
          <Item label="Rails" wide>
            <Chips values={i.supported.rails} label={railLabel} />
          </Item>
          <Item label="Chains" wide>
            <Chips values={i.supported.chains} label={railLabel} />
          </Item>
        </dl>
      </Card>
    </div>
  );
}
