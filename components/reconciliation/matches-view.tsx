import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "@/components/ui/link";
import { formatMoney } from "@/lib/money/format";
import { REASON_LABELS } from "@/lib/reconciliation/labels";
import type { ReasonCode, Strategy } from "@/lib/reconciliation/types";
import { ReasonBadges } from "./reason-badges";
import { reconHref } from "./recon-tabs";
import { ExpectedTable, MovementsTable, type ExpectedView, type MovementView } from "./rows-tables";
import { UndoMatchButton } from "./undo-match-button";

export type MatchView = {
  id: string;
  strategy: Strategy;
  rule: string;
  kind: "auto" | "manual" | "accepted";
  reasons: ReasonCode[];
  difference: string;
  currency: string;
  expectedIds: string[];
  actualIds: string[];
  note: string | null;
  madeBy: string | null;
  createdAt: string;
  /** The expected settlements' references, to recognise it by. */
  references: string[];
};

const KIND_WORDS = { auto: "Automatic", manual: "By hand", accepted: "Difference accepted" } as const;

/** The month's matches with their reasons; the chosen one with its rows, each reason in words, and undo. */
export function MatchesView({
  period,
  rows,
  selected,
  mayUndo,
}: {
  period: string;
  rows: MatchView[];
  selected: { match: MatchView; expected: ExpectedView[]; movements: MovementView[] } | null;
  mayUndo: boolean;
}) {
  return (
    <div className="space-y-6">
      {selected ? (
        <Card
          title={`${KIND_WORDS[selected.match.kind]} match, ${selected.match.strategy}`}
          description={`Rule “${selected.match.rule}”${selected.match.madeBy ? ` · ${selected.match.madeBy}` : ""}${selected.match.note ? ` · ${selected.match.note}` : ""}`}
          actions={mayUndo ? <UndoMatchButton matchId={selected.match.id} /> : null}
          data-testid="match-detail"
        >
          <div className="space-y-5">
            <div>
              <h3 className="text-sm font-medium text-slate-900">Why</h3>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                {selected.match.reasons.map((r) => (
                  <li key={r} data-reason={r}>
                    {REASON_LABELS[r] ?? r}
                    {r === "amount_within_tolerance" || r === "amount_differs" || r === "accepted_difference"
                      ? `: ${formatMoney(selected.match.difference, selected.match.currency)} difference`
                      : ""}
                  </li>
                ))}
              </ul>
            </div>
            <ExpectedTable caption="Expected" rows={selected.expected} />
            <MovementsTable caption="Movements" rows={selected.movements} />
          </div>
        </Card>
      ) : null}
      <DataTable
        caption="Matches"
        rowTestId="match-row"
        rowProps={(r) => ({ "data-id": r.id, "data-kind": r.kind })}
        empty="No matches yet: run matching."
        rows={rows}
        columns={[
          {
            header: "Match",
            cell: (r) => (
              <>
                <Link
                  href={reconHref({ period, view: "matches", match: r.id })}
                  className="text-accent-700 hover:underline"
                >
                  {r.strategy} · {KIND_WORDS[r.kind]}
                </Link>
                {/* On a phone the difference and the reference come first: the table scrolls for the rest. */}
                <span className="mt-1 block break-all text-xs text-slate-600 sm:hidden">
                  {[r.difference === "0" ? null : formatMoney(r.difference, r.currency), r.references[0]]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </>
            ),
          },
          { header: "Reasons", className: "min-w-64", cell: (r) => <ReasonBadges reasons={r.reasons} /> },
          {
            header: "Difference",
            numeric: true,
            cell: (r) => (r.difference === "0" ? "—" : formatMoney(r.difference, r.currency)),
          },
          {
            header: "Ties",
            className: "text-xs text-slate-600",
            cell: (r) => (
              <>
                {r.expectedIds.length} expected ↔ {r.actualIds.length} movement{r.actualIds.length === 1 ? "" : "s"}
                {r.references.length > 0 ? (
                  <span className="block break-all font-mono text-[11px] text-slate-500">
                    {r.references.join(", ")}
                  </span>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
