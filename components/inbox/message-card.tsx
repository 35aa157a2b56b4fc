"use client";

import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { InboxMessageView } from "@/lib/inbox/types";
import { VerdictBadge, VerdictExplanation } from "./verdict";
import { CodeBlock } from "@/components/ui/code-block";

/** JSON re-indented for reading; anything else as it came. Always text: React escapes it. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One received request: what event it carries, the signature verdict and why, duplicate and
 * out-of-order marks, then headers and body. Every payload value is rendered as text (no
 * dangerouslySetInnerHTML anywhere), so markup in metadata stays inert.
 */
export function MessageCard({
  message,
  onReplay,
  replaying,
}: {
  message: InboxMessageView;
  /** Absent when the role may not replay. */
  onReplay?: (seq: number) => void;
  replaying: boolean;
}) {
  const m = message;
  const answered = m.answeredStatus === null ? "held past the 10 s timeout" : `answered ${m.answeredStatus}`;
  return (
    <li data-testid="inbox-message" data-seq={m.seq} data-event-id={m.eventId ?? ""} className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="text-xs text-slate-500 tabular-nums">#{m.number}</span>
        <span className="font-mono text-sm font-medium text-slate-900" data-testid="event-type">
          {m.eventType ?? `${m.method} (not an event)`}
        </span>
        <VerdictBadge verdict={m.verdict} />
        {m.duplicateOf !== null ? (
          <Badge tone="warning" data-testid="duplicate-mark" title="An earlier message carried the same event id">
            Duplicate of #{m.duplicateOfNumber}
          </Badge>
        ) : null}
        {m.outOfOrder ? (
          <Badge
            tone="warning"
            data-testid="out-of-order-mark"
            title="An earlier message about the same resource has a newer created_at"
          >
            Out of order
          </Badge>
        ) : null}
        <span className="ml-auto text-xs text-slate-500">
          received {formatDateTime(m.receivedAt)} (real time) · {answered}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-xs text-slate-600 sm:grid-cols-3">
        <div className="flex min-w-0 items-center gap-1">
          <dt className="shrink-0 text-slate-500">Event</dt>
          <dd className="truncate font-mono" data-testid="event-id">
            {m.eventId ?? "—"}
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-1">
          <dt className="shrink-0 text-slate-500">Resource</dt>
          <dd className="truncate font-mono" data-testid="resource-id">
            {m.resourceId ?? "—"}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="shrink-0 text-slate-500">Status</dt>
          <dd data-testid="resource-status">{m.resourceStatus ? <StatusBadge status={m.resourceStatus} /> : "—"}</dd>
        </div>
      </dl>
      {m.verdict.status !== "valid" ? (
        <div className="mt-3">
          <VerdictExplanation verdict={m.verdict} />
        </div>
      ) : null}
      <details className="group mt-3">
        <summary className="cursor-pointer text-xs font-medium text-accent-700 select-none hover:text-accent-800">
          Headers and body
        </summary>
        <div className="mt-3 space-y-3">
          {m.verdict.status === "valid" ? <VerdictExplanation verdict={m.verdict} /> : null}
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Request headers</caption>
            <tbody className="divide-y divide-slate-100">
              {Object.entries(m.headers).map(([name, value]) => (
                <tr key={name}>
                  <th
                    scope="row"
                    className="py-1 pr-4 align-top font-mono font-medium whitespace-nowrap text-slate-500"
                  >
                    {name}
                  </th>
                  <td className="py-1 font-mono break-all text-slate-800">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="relative">
            <CodeBlock
              data-testid="message-body"
              className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100"
            >
              {readable(m.body)}
            </CodeBlock>
            <div className="absolute top-2 right-2">
              <CopyButton
                value={m.body}
                label="Copy raw body"
                className="bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white"
              />
            </div>
          </div>
          {onReplay ? (
            <Button size="sm" variant="secondary" loading={replaying} onClick={() => onReplay(m.seq)}>
              Replay this request
            </Button>
          ) : null}
        </div>
      </details>
    </li>
  );
}
