import Link from "next/link";
import { ExpectedTable, type ExpectedView as ExpectedRowView } from "./rows-tables";
import { reconHref } from "./recon-tabs";

export type ExpectedDirection = "in" | "out" | null;

const FILTERS: ReadonlyArray<{ direction: ExpectedDirection; label: string }> = [
  { direction: null, label: "All" },
  { direction: "in", label: "Coming in (invoices)" },
  { direction: "out", label: "Going out (payouts)" },
];

/**
 * The month's expected settlements, split by which way the money goes (issue 59): an invoice a
 * payer owes comes in; a payout the API sent goes out and carries its request's reference, so
 * one reference can show on both sides.
 */
export function ExpectedView({
  period,
  direction,
  rows,
}: {
  period: string;
  direction: ExpectedDirection;
  rows: ExpectedRowView[];
}) {
  const empty =
    direction === "in"
      ? "No invoice expected this month."
      : direction === "out"
        ? "No payout expected this month."
        : "Nothing expected yet this month.";
  return (
    <div className="space-y-4">
      <nav className="flex flex-wrap gap-1.5" aria-label="Which way the money goes">
        {FILTERS.map((f) => (
          <Link
            key={f.label}
            href={reconHref({ period, view: "expected", direction: f.direction ?? undefined })}
            aria-current={direction === f.direction ? "true" : undefined}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${direction === f.direction ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <p className="text-xs text-slate-500">
        A payout the settlement API sent is expected too, under its request's reference: the same reference can show
        once coming in (the invoice) and once going out (its payout).
      </p>
      <ExpectedTable caption={`Expected settlements, ${period}`} rows={rows} empty={empty} />
    </div>
  );
}
