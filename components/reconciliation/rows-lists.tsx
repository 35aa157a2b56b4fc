import type { ReactNode } from "react";
import { type ExpectedView, MovementId, type MovementView, StateBadge, signedAmount } from "./rows-tables";

/**
 * An exception's expected settlements and movements as short stacked lists: the detail sits in
 * a narrow column beside the queue, where a six-column table would scroll its reference and
 * window out of sight.
 */
export function ExpectedList({ rows }: { rows: ExpectedView[] }) {
  return (
    <ListFrame title="Expected">
      {rows.map((r) => (
        <Item key={r.id} testId="expected-item" row={r} aside={<StateBadge state={r.state} />}>
          <p className="text-xs text-slate-600">
            Window {r.windowStart} → {r.windowEnd}, tolerance {r.tolerance}
          </p>
        </Item>
      ))}
    </ListFrame>
  );
}

export function MovementsList({ rows }: { rows: MovementView[] }) {
  return (
    <ListFrame title="Movements">
      {rows.map((r) => (
        <Item
          key={r.id}
          testId="movement-item"
          row={r}
          aside={<span className="text-xs whitespace-nowrap text-slate-600">{r.day}</span>}
        >
          <p className="font-mono text-xs break-all text-slate-500">
            <MovementId movement={r} />
          </p>
        </Item>
      ))}
    </ListFrame>
  );
}

/** One row: its signed amount with `aside` beside it, its reference and counterparty, then `children`. */
function Item({
  testId,
  row,
  aside,
  children,
}: {
  testId: string;
  row: Pick<ExpectedView, "id" | "direction" | "amount" | "currency" | "reference" | "counterparty">;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="space-y-1 px-3.5 py-3 text-sm" data-testid={testId} data-id={row.id}>
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium text-slate-900 tabular-nums">{signedAmount(row)}</span>
        {aside}
      </div>
      <p className="text-xs text-slate-700">
        <span className="font-mono break-all">{row.reference ?? "No reference"}</span>
        {row.counterparty ? <span className="text-slate-600"> · {row.counterparty}</span> : null}
      </p>
      {children}
    </li>
  );
}

function ListFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">{children}</ul>
    </section>
  );
}
