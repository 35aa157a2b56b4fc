import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money/format";

export type ExpectedView = {
  id: string;
  direction: "in" | "out";
  amount: string;
  currency: string;
  windowStart: string;
  windowEnd: string;
  counterparty: string | null;
  reference: string | null;
  state: string;
  source: string;
  tolerance: string;
};

export type MovementView = {
  id: string;
  kind: string;
  direction: "in" | "out";
  amount: string;
  currency: string;
  day: string;
  counterparty: string | null;
  reference: string | null;
  returned: boolean;
};

/** "+$1,200.00" in, "−$1,200.00" out. */
export const signedAmount = (r: { direction: "in" | "out"; amount: string; currency: string }) =>
  `${r.direction === "in" ? "+" : "−"}${formatMoney(r.amount, r.currency)}`;

const STATE_TONES: Record<string, "success" | "warning" | "neutral" | "muted" | "info"> = {
  open: "neutral",
  matched: "success",
  exception: "warning",
  resolved: "success",
  written_off: "muted",
};

/** Where an expected settlement came from, in a finance person's words. */
const SOURCE_LABELS: Record<string, string> = {
  form: "Invoice, entered",
  csv: "Invoice, imported",
  pack: "Invoice, sandbox pack",
  api: "Payout the API sent",
};

/** Expected settlements as a table: what, when, from or to whom, and where each stands. */
export function ExpectedTable({ rows, caption, empty }: { rows: ExpectedView[]; caption: string; empty?: string }) {
  return (
    <DataTable
      caption={caption}
      rowTestId="expected-row"
      rowProps={(r) => ({ "data-id": r.id, "data-state": r.state, "data-direction": r.direction })}
      empty={empty ?? "None."}
      rows={rows}
      columns={[
        {
          header: "Amount",
          numeric: true,
          className: "font-medium text-slate-900",
          cell: signedAmount,
        },
        {
          header: "Direction",
          className: "text-xs text-slate-700 whitespace-nowrap",
          cell: (r) => (
            <>
              <span className="font-medium">{r.direction === "in" ? "In" : "Out"}</span>
              <span className="block text-slate-500">{SOURCE_LABELS[r.source] ?? r.source}</span>
            </>
          ),
        },
        { header: "Reference", className: "font-mono text-xs break-all", cell: (r) => r.reference ?? "—" },
        { header: "Counterparty", className: "text-slate-700", cell: (r) => r.counterparty ?? "—" },
        {
          header: "Window",
          className: "text-xs text-slate-600 whitespace-nowrap",
          cell: (r) => `${r.windowStart} → ${r.windowEnd}`,
        },
        { header: "Tolerance", className: "text-xs text-slate-600", cell: (r) => r.tolerance },
        {
          header: "State",
          cell: (r) => <StateBadge state={r.state} />,
        },
      ]}
    />
  );
}

/** Movements the service made: amount, day, what it carried. */
export function MovementsTable({ rows, caption }: { rows: MovementView[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      rowTestId="movement-row"
      rowProps={(r) => ({ "data-id": r.id })}
      empty="None."
      rows={rows}
      columns={[
        {
          header: "Amount",
          numeric: true,
          className: "font-medium text-slate-900",
          cell: signedAmount,
        },
        { header: "Day", className: "text-xs text-slate-600 whitespace-nowrap", cell: (r) => r.day },
        { header: "Reference", className: "font-mono text-xs break-all", cell: (r) => r.reference ?? "—" },
        { header: "Counterparty", className: "text-slate-700", cell: (r) => r.counterparty ?? "—" },
        {
          header: "Movement",
          className: "font-mono text-xs text-slate-500 break-all",
          cell: (r) => <MovementId movement={r} />,
        },
      ]}
    />
  );
}

/** A movement's id, marked when the money came back. */
export function MovementId({ movement }: { movement: Pick<MovementView, "id" | "returned"> }) {
  return (
    <>
      {movement.id}
      {movement.returned ? (
        <Badge tone="danger" className="ml-1.5">
          returned
        </Badge>
      ) : null}
    </>
  );
}

/** Where an expected settlement stands, as a badge ("written off"). */
export function StateBadge({ state }: { state: string }) {
  return <Badge tone={STATE_TONES[state] ?? "neutral"}>{state.replace("_", " ")}</Badge>;
}
