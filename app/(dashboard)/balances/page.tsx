import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { AddSandboxFunds } from "@/components/balances/add-sandbox-funds";
import { getShellInfo } from "@/lib/page-data/shell-info";
import { FilterInput, FilterSelect } from "@/components/forms/filter-fields";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PaymentsIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getBalanceStatement } from "@/lib/balances/actions/get-balance-statement";
import { describeError } from "@/lib/dashboard/action-result";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { dateParam, oneOfParam } from "@/lib/dashboard/search-params";
import { causeHref, MOVEMENT_LABELS, STATEMENT_CURRENCIES } from "@/lib/dashboard/statement-view";
import { formatMoney } from "@/lib/money/format";
import type { Statement } from "@/lib/schemas/statement";

export const metadata = { title: "Balances" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The pre-funded balance's statement, per currency: every movement (reserve, release, payout,
 * fee, operator change) with what caused it and the balance after it, between an opening and a
 * closing balance that add up. Server-rendered from a plain GET form, so a statement is a link.
 */
export default async function BalancesPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const currency = oneOfParam(STATEMENT_CURRENCIES, params.currency) ?? "USDC";
  const from = dateParam(params.from);
  const to = dateParam(params.to);
  // A range that ends before it starts is said so, not sent (issue 35, finding 10).
  const inverted = Boolean(from && to && from > to);
  const result = inverted
    ? null
    : await getBalanceStatement({ currency, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const shell = await getShellInfo();
  const query = new URLSearchParams({ currency, ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return (
    <>
      <PageHeader
        title="Balances"
        description="Every movement of the pre-funded balance, with what caused it and the balance after it. Opening plus movements is the closing balance."
      />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve; a form with role=search is the same landmark */}
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search" aria-label="Statement">
        <FilterSelect
          name="currency"
          label="Currency"
          value={currency}
          options={STATEMENT_CURRENCIES}
          anyLabel={null}
        />
        <FilterInput type="date" name="from" label="From (UTC)" value={from} />
        <FilterInput type="date" name="to" label="To (UTC, inclusive)" value={to} />
        <button type="submit" className={buttonClasses({ variant: "secondary" })}>
          Show
        </button>
        <a href={`/balances/export?${query}`} className={buttonClasses({ variant: "secondary" })} download>
          Export CSV
        </a>
      </form>
      {result === null ? (
        <ErrorState
          title="This range ends before it starts"
          message={`"To" (${to}) is before "From" (${from}): choose a "To" on or after "From".`}
        />
      ) : !result.ok ? (
        <ErrorState title="The statement could not be loaded" message={describeError(result.error)} />
      ) : (
        <StatementView statement={result.data} />
      )}
      <HowFunded environment={shell.environment} account={shell.accountName} currency={currency} />
    </>
  );
}

/**
 * How this balance gets money (issue 59): the production balance is funded by the operator (the
 * service has no endpoint for it), shown here with the exact command, not only in the docs.
 */
function HowFunded({
  environment,
  account,
  currency,
}: {
  environment: string;
  account: string | null;
  currency: (typeof STATEMENT_CURRENCIES)[number];
}) {
  const command = `npm run --silent balances -- set --account "${account ?? "<account name>"}" --environment ${environment} --currency ${currency} --amount <new total>`;
  return (
    <Card
      className="mt-6"
      title={environment === "production" ? "How production is funded" : "How the sandbox is funded"}
      description={
        environment === "production"
          ? "Your treasury tops up the pre-funded balance; the operator records the new total on the console's host. Until then, disbursements and batches above the available balance are refused (insufficient_funds)."
          : "Sandbox balances are test money, seeded when the console starts. Add more below, or the operator can set any total on the console's host."
      }
      data-testid="how-funded"
    >
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-slate-900 px-3 py-2 font-mono text-xs break-all text-slate-100">
          {command}
        </code>
        <CopyButton value={command} label="Copy the command" />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        It sets the total; reserved funds stay reserved and the statement shows the change as “Set by the operator”. See
        docs/operate for PGlite and PostgreSQL.
      </p>
      {environment === "sandbox" ? <AddSandboxFunds currency={currency} /> : null}
    </Card>
  );
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="mt-0.5 text-xs text-slate-600 tabular-nums">{detail}</p>
    </div>
  );
}

function StatementView({ statement: st }: { statement: Statement }) {
  const money = (v: string) => formatMoney(v, st.currency);
  const parts = (p: Statement["opening"]) => `available ${money(p.available)} · reserved ${money(p.reserved)}`;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Opening balance"
          value={money(st.opening.total)}
          detail={parts(st.opening)}
          testId="statement-opening"
        />
        <Figure
          label="Movements"
          value={String(st.entries.length)}
          detail={st.truncated ? "The first 1,000 are listed; the closing covers all" : "In this range"}
          testId="statement-count"
        />
        <Figure
          label="Closing balance"
          value={money(st.closing.total)}
          detail={parts(st.closing)}
          testId="statement-closing"
        />
      </div>
      {st.entries.length === 0 ? (
        <EmptyState icon={<PaymentsIcon className="size-5" />} title="No movements in this range">
          The balance did not move: the closing balance is the opening balance.
        </EmptyState>
      ) : (
        <Table caption={`${st.currency} statement`}>
          <THead>
            <tr>
              <TH>Date</TH>
              <TH>Movement</TH>
              <TH>Caused by</TH>
              <TH numeric>Available</TH>
              <TH numeric>Reserved</TH>
              <TH numeric>Balance after</TH>
            </tr>
          </THead>
          <TBody>
            {st.entries.map((e) => {
              const href = causeHref(e);
              return (
                <TR key={e.seq} data-testid="statement-row">
                  <TD className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(e.created_at)}</TD>
                  <TD>{MOVEMENT_LABELS[e.kind]}</TD>
                  <TD className="text-xs">
                    {href ? (
                      <Link href={href} className="font-mono text-accent-700 hover:underline">
                        {e.ref_type === "v1_payment" ? "/v1 payment" : "Disbursement"} {e.ref_id?.slice(0, 8)}…
                      </Link>
                    ) : (
                      <span className="text-slate-500">{e.ref_type === "seed" ? "Sandbox" : "Operator"}</span>
                    )}
                  </TD>
                  <TD numeric>{signed(e.available_delta, money)}</TD>
                  <TD numeric>{signed(e.reserved_delta, money)}</TD>
                  <TD numeric className="font-medium" data-testid="statement-balance-after">
                    {money(e.balance_after.total)}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </div>
  );
}

function signed(value: string, money: (v: string) => string): string {
  if (/^-?0(\.0+)?$/.test(value)) return "—";
  return value.startsWith("-") ? `−${money(value.slice(1))}` : `+${money(value)}`;
}
