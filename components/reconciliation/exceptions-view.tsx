import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "@/components/ui/link";
import { formatMoney } from "@/lib/money/format";
import { EXCEPTION_LABELS } from "@/lib/reconciliation/labels";
import type { ExceptionKind } from "@/lib/reconciliation/types";
import { ExceptionActions, type PickableMovement } from "./exception-actions";
import { reconHref } from "./recon-tabs";
import { ExpectedList, MovementsList } from "./rows-lists";
import type { ExpectedView, MovementView } from "./rows-tables";

export type ExceptionView = {
  id: string;
  kind: ExceptionKind;
  note: string;
  currency: string;
  difference: string | null;
  ageDays: number;
  assignedTo: string | null;
  status: string;
  resolution: string | null;
  resolvedBy: string | null;
  expectedIds: string[];
  actualIds: string[];
};

const KIND_TONE: Record<ExceptionKind, "warning" | "danger" | "info" | "neutral"> = {
  unmatched_expected: "warning",
  unmatched_actual: "info",
  underpaid: "danger",
  overpaid: "warning",
  late: "warning",
  duplicate: "danger",
  returned: "danger",
  ambiguous: "info",
};

const ageOf = (r: ExceptionView) => (r.ageDays === 0 ? "today" : `${r.ageDays} d`);
const outcomeOf = (r: ExceptionView) => `${r.status.replace("_", " ")} by ${r.resolvedBy ?? "?"}`;

/** The exception queue: filter by kind and status, oldest first, and the chosen one with what can be done. */
export function ExceptionsView({
  period,
  kind,
  status,
  rows,
  selected,
  me,
}: {
  period: string;
  kind: ExceptionKind | null;
  status: "open" | "worked";
  rows: ExceptionView[];
  selected: {
    exception: ExceptionView;
    expected: ExpectedView[];
    movements: MovementView[];
    pickable: PickableMovement[];
    mayWork: boolean;
  } | null;
  me: string;
}) {
  const filter = (k: ExceptionKind | null, s: "open" | "worked") =>
    reconHref({ period, view: "exceptions", kind: k ?? undefined, status: s === "open" ? undefined : s });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4">
        <nav className="flex flex-wrap gap-1.5" aria-label="Filter the queue">
          {(["open", "worked"] as const).map((s) => (
            <Link
              key={s}
              href={filter(kind, s)}
              aria-current={status === s ? "true" : undefined}
              className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${status === s ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
            >
              {s === "open" ? "Open" : "Worked"}
            </Link>
          ))}
          <span className="mx-1 w-px bg-slate-200" aria-hidden="true" />
          <Link
            href={filter(null, status)}
            aria-current={kind === null ? "true" : undefined}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${kind === null ? "bg-accent-600 text-white ring-accent-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            All kinds
          </Link>
          {(Object.keys(EXCEPTION_LABELS) as ExceptionKind[]).map((k) => (
            <Link
              key={k}
              href={filter(k, status)}
              aria-current={kind === k ? "true" : undefined}
              className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${kind === k ? "bg-accent-600 text-white ring-accent-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
            >
              {EXCEPTION_LABELS[k]}
            </Link>
          ))}
        </nav>
        <DataTable
          caption="Exceptions"
          rowTestId="exception-row"
          rowProps={(r) => ({ "data-kind": r.kind, "data-id": r.id })}
          empty={status === "open" ? "Nothing to work: the queue is empty." : "Nothing worked yet."}
          rows={rows}
          columns={[
            {
              header: "Kind",
              cell: (r) => (
                <Link
                  href={`${reconHref({ period, view: "exceptions", kind: kind ?? undefined, status: status === "open" ? undefined : status, exception: r.id })}#exception`}
                  className="hover:underline"
                >
                  <Badge tone={KIND_TONE[r.kind]}>{EXCEPTION_LABELS[r.kind]}</Badge>
                </Link>
              ),
            },
            {
              header: "What",
              className: "min-w-48 text-slate-700",
              cell: (r) => (
                <>
                  {r.note}
                  {/* Beside the detail the queue is narrow: its age and who has it (and on a phone the difference) fold under the note. */}
                  <span className="mt-1 block text-xs text-slate-500 2xl:hidden">
                    {r.difference === null ? null : (
                      <span className="font-medium text-slate-700 sm:hidden">
                        {formatMoney(r.difference, r.currency)} ·{" "}
                      </span>
                    )}
                    {ageOf(r)} · {status === "open" ? (r.assignedTo ?? "nobody has it") : outcomeOf(r)}
                  </span>
                </>
              ),
            },
            {
              header: "Difference",
              numeric: true,
              // On a phone it is read under the note.
              className: "hidden sm:table-cell",
              headerClassName: "hidden sm:table-cell",
              cell: (r) => (r.difference === null ? "—" : formatMoney(r.difference, r.currency)),
            },
            {
              header: "Age",
              numeric: true,
              className: "hidden text-slate-600 2xl:table-cell",
              headerClassName: "hidden 2xl:table-cell",
              cell: ageOf,
            },
            {
              header: status === "open" ? "Assigned" : "Outcome",
              className: "hidden text-xs text-slate-600 2xl:table-cell",
              headerClassName: "hidden 2xl:table-cell",
              cell: (r) => (status === "open" ? (r.assignedTo ?? "—") : outcomeOf(r)),
            },
          ]}
        />
      </div>
      <div className="min-w-0" id="exception">
        {selected ? (
          <Card
            title={EXCEPTION_LABELS[selected.exception.kind]}
            description={selected.exception.note}
            data-testid="exception-detail"
          >
            <div className="space-y-5">
              {selected.expected.length > 0 ? <ExpectedList rows={selected.expected} /> : null}
              {selected.movements.length > 0 ? <MovementsList rows={selected.movements} /> : null}
              {selected.exception.status !== "open" ? (
                <p
                  className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm text-slate-700"
                  data-testid="exception-outcome"
                >
                  {selected.exception.status === "pending_write_off"
                    ? "A write-off waits for approval."
                    : `${selected.exception.resolution ?? selected.exception.status} (${selected.exception.resolvedBy ?? ""})`}
                </p>
              ) : selected.mayWork ? (
                <ExceptionActions
                  exception={{
                    id: selected.exception.id,
                    kind: selected.exception.kind,
                    expectedIds: selected.exception.expectedIds,
                    actualIds: selected.exception.actualIds,
                    assignedTo: selected.exception.assignedTo,
                  }}
                  movements={selected.pickable}
                  me={me}
                />
              ) : (
                <p className="text-sm text-slate-600">Your role reads the queue; finance works it.</p>
              )}
            </div>
          </Card>
        ) : (
          <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
            Choose an exception to see its rows and work it.
          </div>
        )}
      </div>
    </div>
  );
}
