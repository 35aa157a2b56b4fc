import { Badge } from "@/components/ui/badge";
import { type ExpectedView, type MovementView, STATE_TONES, signedAmount } from "./rows-tables";

/**
 * An exception's expected settlements and movements as short stacked lists: the detail sits in
 * a narrow column beside the queue, where a six-column table would scroll its reference and
 * window out of sight.
 */
export function ExpectedList({ rows }: { rows: ExpectedView[] }) {
  return (
    <section className="min-w-0">
      <h3 className="text-sm font-medium text-slate-900">Expected</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map((r) => (
          <li key={r.id} className="space-y-1 px-3.5 py-3 text-sm" data-testid="expected-item" data-id={r.id}>
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900 tabular-nums">{signedAmount(r)}</span>
              <Badge tone={STATE_TONES[r.state] ?? "neutral"}>{r.state.replace("_", " ")}</Badge>
            </div>
            <ReferenceLine reference={r.reference} counterparty={r.counterparty} />
            <p className="text-xs text-slate-600">
              Window {r.windowStart} → {r.windowEnd}, tolerance {r.tolerance}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MovementsList({ rows }: { rows: MovementView[] }) {
  return (
    <section className="min-w-0">
      <h3 className="text-sm font-medium text-slate-900">Movements</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map((r) => (
          <li key={r.id} className="space-y-1 px-3.5 py-3 text-sm" data-testid="movement-item" data-id={r.id}>
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900 tabular-nums">{signedAmount(r)}</span>
              <span className="text-xs whitespace-nowrap text-slate-600">{r.day}</span>
            </div>
            <ReferenceLine reference={r.reference} counterparty={r.counterparty} />
            <p className="font-mono text-xs break-all text-slate-500">
              {r.id}
              {r.returned ? (
                <Badge tone="danger" className="ml-1.5">
                  returned
                </Badge>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReferenceLine({ reference, counterparty }: { reference: string | null; counterparty: string | null }) {
  return (
    <p className="text-xs text-slate-700">
      <span className="font-mono break-all">{reference ?? "No reference"}</span>
      {counterparty ? <span className="text-slate-600"> · {counterparty}</span> : null}
    </p>
  );
}
