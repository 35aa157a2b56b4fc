import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatMoney } from "@/lib/money/format";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { railFor, railLabel } from "@/lib/dashboard/routes";
import { formatSortCode } from "@/lib/validators/iban";
import { humanizeStatus } from "@/components/ui/status-tone";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** Amounts, type, identifiers, dates and failure of a request. */
export function RequestSummary({ request: r }: { request: SettlementRequest }) {
  return (
    <Card title="Summary">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Amount">{formatMoney(r.amount, r.source.currency)}</Item>
        <Item label="Type">{humanizeStatus(r.type)}</Item>
        <Item label="Payment reason">{humanizeStatus(r.payment_reason)}</Item>
        <Item label="Source">
          {r.source.currency} · {railLabel(r.source.rail)}
          {r.source.wallet_address ? (
            <span className="block truncate font-mono text-xs text-slate-600" title={r.source.wallet_address}>
              {r.source.wallet_address}
            </span>
          ) : null}
          {r.source.country_code ? ` · ${r.source.country_code}` : null}
        </Item>
        <Item label="External ID">
          {r.external_id ? (
            <span className="inline-flex max-w-full min-w-0 items-center gap-1 font-mono">
              <span className="min-w-0 wrap-anywhere" data-testid="summary-external-id">
                {r.external_id}
              </span>
              <CopyButton value={r.external_id} label="Copy external ID" />
            </span>
          ) : (
            <span className="text-slate-500">—</span>
          )}
        </Item>
        <Item label="Created">{formatDateTime(r.created_at)}</Item>
        <Item label="Updated">{formatDateTime(r.updated_at)}</Item>
        <Item label="Processing since">{formatDateTime(r.processing_at)}</Item>
        <Item label="Reconciliation expected">{formatDateTime(r.reconciliation_expected_at)}</Item>
        <Item label="Completed">{formatDateTime(r.completed_at)}</Item>
        {r.failure_code || r.failure_reason ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <dt className="text-xs font-medium text-red-700">Failure</dt>
            <dd className="mt-0.5 text-sm text-red-800" data-testid="summary-failure">
              {r.failure_code ? <span className="font-mono">{r.failure_code}</span> : null}
              {r.failure_code && r.failure_reason ? " · " : null}
              {r.failure_reason}
            </dd>
          </div>
        ) : null}
      </dl>
      {Object.keys(r.metadata).length > 0 ? (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="mb-2 text-xs font-medium text-slate-500">Metadata</h3>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {Object.entries(r.metadata).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-mono wrap-anywhere text-slate-600">{k}</dt>
                <dd className="wrap-anywhere text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </Card>
  );
}

/** The destination as the API echoes it: account numbers, IBANs and CLABEs masked. */
export function DestinationCard({ request: r }: { request: SettlementRequest }) {
  const d = r.destination;
  const b = d.beneficiary;
  const rows: Array<[string, string | null | undefined, boolean?]> = [
    ["Currency", d.currency],
    ["Rail", railFor(d.currency, d.rail)],
    ["Amount", d.amount ? formatMoney(d.amount, d.currency) : null],
    ["Wallet address", d.wallet_address, true],
    ["Bank", d.bank_name],
    ["Account number", d.account_number, true],
    ["Routing number", d.routing_number, true],
    ["Account type", d.account_type ? humanizeStatus(d.account_type) : null],
    ["IBAN", d.iban, true],
    ["BIC", d.bic, true],
    ["Sort code", d.sort_code ? formatSortCode(d.sort_code) : null, true],
    ["CLABE", d.clabe, true],
    ["Bank code", d.bank_code, true],
    ["Institution number", d.institution_number, true],
    ["Transit number", d.transit_number, true],
    ["Third party", d.is_third_party ? "Yes" : "No"],
  ];
  const name = b
    ? b.type === "BUSINESS"
      ? b.business_name
      : [b.first_name, b.last_name].filter(Boolean).join(" ")
    : null;
  return (
    <Card title="Destination" description="Bank identifiers are masked to their last four characters">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="destination">
        {rows
          .filter(([, v]) => v !== null && v !== undefined && v !== "")
          .map(([label, value, mono]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{label}</dt>
              <dd
                className={mono ? "mt-0.5 font-mono text-sm break-all text-slate-900" : "mt-0.5 text-sm text-slate-900"}
              >
                {value}
              </dd>
            </div>
          ))}
        {b ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-medium text-slate-500">Beneficiary</dt>
            <dd className="mt-0.5 text-sm text-slate-900">
              {name}{" "}
              <span className="text-slate-500">
                ({humanizeStatus(b.type)}
                {b.address?.country_code ? `, ${b.address.country_code}` : ""})
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}
