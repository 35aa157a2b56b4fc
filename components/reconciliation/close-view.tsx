import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "@/components/ui/link";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import type { ClosePack } from "@/lib/reconciliation/close";
import type { Currency } from "@/lib/schemas/catalog";
import { CloseActions } from "./close-actions";
import { reconHref } from "./recon-tabs";

/** The close pack of one currency: the balance proof, in transit, fees and FX, what is left, the lock and adjustments. */
export function CloseView({
  pack,
  currencies,
  mayClose,
  mayReopen,
}: {
  pack: ClosePack;
  currencies: string[];
  mayClose: boolean;
  mayReopen: boolean;
}) {
  const c = pack.currency;
  const proof = pack.proof;
  return (
    <div className="space-y-6" data-testid="close-pack" data-currency={c}>
      <nav aria-label="Currency" className="flex flex-wrap gap-1.5">
        {currencies.map((x) => (
          <Link
            key={x}
            href={reconHref({ period: pack.period, view: "close", currency: x })}
            aria-current={x === c ? "true" : undefined}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${x === c ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {x}
          </Link>
        ))}
      </nav>
      <Card
        title={`${pack.period} in ${c}`}
        description={
          pack.lock
            ? `${pack.from} to ${pack.to}, ${pack.environment}. Locked by ${pack.lock.lockedBy}, ${formatDateTime(pack.lock.lockedAt)}.`
            : `${pack.from} to ${pack.to}, ${pack.environment}`
        }
        actions={
          pack.lock ? (
            <Badge tone="success" data-testid="period-locked">
              Locked
            </Badge>
          ) : (
            <Badge tone="neutral">Open</Badge>
          )
        }
      >
        <div className="space-y-5">
          {proof.kind === "ledger" ? (
            <div data-testid="balance-proof" data-balances={String(proof.balances)}>
              <h3 className="text-sm font-medium text-slate-900">Balance proof, from the ledger</h3>
              <table className="mt-2 w-full text-sm">
                <tbody className="divide-y divide-slate-100">
                  <tr>
                    <td className="py-1.5 text-slate-600">Opening balance</td>
                    <td className="py-1.5 text-right font-medium tabular-nums">{formatMoney(proof.opening, c)}</td>
                  </tr>
                  {proof.movements.map((m) => (
                    <tr key={m.kind}>
                      <td className="py-1.5 pl-4 text-slate-600">
                        {m.kind.replace("_", " ")} <span className="text-xs text-slate-600">({m.count})</span>
                      </td>
                      <td className="py-1.5 text-right tabular-nums">{formatMoney(m.total, c)}</td>
                    </tr>
                  ))}
                  <tr>
                    <td className="py-1.5 text-slate-600">Opening + every movement</td>
                    <td className="py-1.5 text-right font-medium tabular-nums">{formatMoney(proof.reached, c)}</td>
                  </tr>
                  <tr>
                    <td className="py-1.5 font-medium text-slate-900">Closing balance</td>
                    <td className="py-1.5 text-right font-semibold tabular-nums">{formatMoney(proof.closing, c)}</td>
                  </tr>
                </tbody>
              </table>
              <p className={`mt-2 text-sm font-medium ${proof.balances ? "text-emerald-700" : "text-red-700"}`}>
                {proof.balances
                  ? "It balances, to the cent."
                  : `It does not balance: ${formatMoney(proof.gap, c)} apart.`}
              </p>
            </div>
          ) : (
            <div data-testid="balance-proof" data-balances="flows">
              <h3 className="text-sm font-medium text-slate-900">Flows</h3>
              <p className="mt-1 text-sm text-slate-600">{proof.note}</p>
              <dl className="mt-2 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-slate-500">Received</dt>
                  <dd className="font-medium tabular-nums">{formatMoney(proof.received, c)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Sent</dt>
                  <dd className="font-medium tabular-nums">{formatMoney(proof.sent, c)}</dd>
                </div>
              </dl>
            </div>
          )}
          <dl className="grid grid-cols-3 gap-3 border-t border-slate-100 pt-4 text-sm" data-testid="close-counts">
            <div>
              <dt className="text-slate-500">Expected</dt>
              <dd className="font-medium tabular-nums">{pack.expected.total}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Still open</dt>
              <dd className="font-medium tabular-nums">{pack.expected.open + pack.expected.exceptions}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Open exceptions</dt>
              <dd className="font-medium tabular-nums">{pack.openExceptions}</dd>
            </div>
          </dl>
          {pack.errors.length > 0 ? (
            <ul role="alert" className="rounded-lg bg-red-50 px-3.5 py-3 text-sm text-red-800">
              {pack.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          <CloseActions
            currency={c as Currency}
            period={pack.period}
            locked={pack.lock !== null}
            blocker={pack.blocker}
            mayClose={mayClose}
            mayReopen={mayReopen}
          />
        </div>
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <section
          className="min-w-0 space-y-2"
          data-testid="in-transit"
          data-read={String(pack.readAt !== null)}
          data-count={pack.inTransitCount}
        >
          <h3 className="text-sm font-medium text-slate-900">In transit at the month's end</h3>
          <p className="text-xs text-slate-600">
            {pack.readAt === null ? (
              "Not read yet: run matching to read the month's payments and conversions from the service."
            ) : (
              <>
                {pack.inTransitCount.toLocaleString("en-US")} payment{pack.inTransitCount === 1 ? "" : "s"},{" "}
                {formatMoney(pack.inTransitTotal, c)}
                {pack.inTransitCount > pack.inTransit.length ? `; the ${pack.inTransit.length} oldest below` : ""}. Read
                with FX by the month's matching run, <time dateTime={pack.readAt}>{formatDateTime(pack.readAt)}</time>.
              </>
            )}
          </p>
          <DataTable
            caption="In transit at the month's end"
            rowTestId="in-transit-row"
            empty={pack.readAt === null ? "Not read yet." : "Nothing was in transit."}
            rows={pack.inTransit}
            columns={[
              { header: "Payment", className: "font-mono text-xs break-all", cell: (r) => r.id },
              { header: "Type", cell: (r) => r.type },
              { header: "Status", cell: (r) => r.status },
              { header: "Amount", numeric: true, cell: (r) => formatMoney(r.amount, c) },
            ]}
          />
        </section>
        <section className="min-w-0 space-y-2">
          <h3 className="text-sm font-medium text-slate-900">Fees</h3>
          {/* One set of movements for every line (issue 57): the page says which. */}
          <p className="text-xs text-slate-500" data-testid="close-movement-set">
            Received, sent and fees count the same movements: those settled in {pack.period} (days in the
            merchant&apos;s time zone), a payment that came back counting in none.
          </p>
          <DataTable
            caption="Fees"
            empty="No fees in the month."
            rows={pack.fees.map((f) => ({ ...f, id: f.kind }))}
            columns={[
              { header: "Fee", cell: (r) => r.kind },
              { header: "Count", numeric: true, cell: (r) => r.count },
              { header: "Total", numeric: true, cell: (r) => formatMoney(r.total, c) },
            ]}
          />
        </section>
        <section className="min-w-0 space-y-2">
          <h3 className="text-sm font-medium text-slate-900">FX</h3>
          <DataTable
            caption="FX"
            empty={pack.readAt === null ? "Not read yet." : "No conversions touched this currency."}
            rows={pack.fx.map((f) => ({ ...f, id: f.pair }))}
            columns={[
              {
                header: "Pair",
                cell: (r) => (
                  <>
                    <span className="whitespace-nowrap">{r.pair}</span>
                    <span className="block text-xs text-slate-500 sm:hidden">
                      {r.count} conversion{r.count === 1 ? "" : "s"}
                    </span>
                  </>
                ),
              },
              {
                header: "Count",
                numeric: true,
                className: "hidden sm:table-cell",
                headerClassName: "hidden sm:table-cell",
                cell: (r) => r.count,
              },
              { header: "In", numeric: true, cell: (r) => formatMoney(r.sourceTotal, r.source) },
              { header: "Out", numeric: true, cell: (r) => formatMoney(r.destinationTotal, r.destination) },
            ]}
          />
        </section>
        <section className="min-w-0 space-y-2">
          <h3 className="text-sm font-medium text-slate-900">Adjustments recorded in this month</h3>
          <DataTable
            caption="Adjustments recorded in this month"
            rowTestId="adjustment-row"
            empty="No adjustments."
            rows={pack.adjustments}
            columns={[
              { header: "For", cell: (r) => r.forPeriod },
              { header: "Amount", numeric: true, cell: (r) => formatMoney(r.amount, c) },
              { header: "What", className: "text-slate-700", cell: (r) => r.note },
              { header: "By", className: "text-xs text-slate-500", cell: (r) => r.createdBy },
            ]}
          />
        </section>
      </div>
    </div>
  );
}
