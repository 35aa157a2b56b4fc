import { StatusBadge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { SettlementHistoryEntry } from "@/lib/schemas/settlement-request-response";
import type { PaymentMove, TimelineItem } from "./timeline-items";

const CAUSE_LABEL: Record<string, string> = {
  api: "API call",
  sandbox: "Sandbox simulation",
  payment: "Payment update",
  scheduler: "Scheduler",
};

/**
 * The request's moves and its payments' moves, oldest first: time, from → to (or the payment's
 * new status), and what caused it. Payment rows are lighter: they explain the request's moves.
 */
export function Timeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">No history recorded yet.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="timeline">
      {items.map((item, i) =>
        item.kind === "request" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: moves at the same instant are told apart by their place in the history, which never reorders
          <RequestMove key={`r-${item.at}-${i}`} entry={item.entry} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: moves at the same instant are told apart by their place in the history, which never reorders
          <PaymentMoveRow key={`p-${item.at}-${i}`} move={item.move} />
        ),
      )}
    </ol>
  );
}

function RequestMove({ entry: e }: { entry: SettlementHistoryEntry }) {
  return (
    <li className="relative" data-testid="timeline-entry" data-to={e.to}>
      <span
        aria-hidden="true"
        className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-white ring-2 ring-accent-500"
      />
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        {e.from ? (
          <>
            <StatusBadge status={e.from} />
            <span className="text-slate-500">
              <span aria-hidden="true">→</span>
              <span className="sr-only">to</span>
            </span>
          </>
        ) : (
          <span className="text-slate-600">Created as</span>
        )}
        <StatusBadge status={e.to} />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {CAUSE_LABEL[e.cause] ?? e.cause}
        {e.payment_id ? (
          <>
            {" "}
            · payment <span className="font-mono">{e.payment_id.slice(0, 8)}</span>
          </>
        ) : null}
      </p>
      {e.detail ? <p className="mt-0.5 text-xs text-slate-600">{e.detail}</p> : null}
    </li>
  );
}

function PaymentMoveRow({ move: m }: { move: PaymentMove }) {
  return (
    <li className="relative" data-testid="timeline-payment" data-side={m.side} data-status={m.status}>
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.45rem] size-1.5 rounded-full bg-slate-400" />
      <div className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
        <span>{m.side === "in" ? "Inbound payment" : "Outbound payment"}</span>
        <StatusBadge status={m.status} />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={m.at}>{formatDateTime(m.at)}</time> · Payment event{" "}
        <code className="font-mono">{m.eventType}</code> · payment{" "}
        <span className="font-mono">{m.paymentId.slice(0, 8)}</span>
      </p>
      {m.transactionHash ? (
        <p className="mt-0.5 truncate font-mono text-xs text-slate-600">tx {m.transactionHash}</p>
      ) : null}
      {m.failureReason ? <p className="mt-0.5 text-xs text-slate-600">{m.failureReason}</p> : null}
    </li>
  );
}
