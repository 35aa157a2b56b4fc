"use client";

import { ReadOnOpenState } from "@/components/list/read-on-open-state";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { useReadOnOpen } from "@/components/list/use-read-on-open";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { curlFor } from "@/lib/dashboard/api-snippets";
import { livePaths } from "@/lib/dashboard/live-paths";
import { MASK_PREFIX } from "@/lib/schemas/mask";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { RequestLogEntry, RequestLogListEntry } from "@/lib/schemas/request-log";
import { CONSOLE_USER_AGENT_PREFIX } from "@/lib/schemas/request-log-values";

/** What a folded call shows: the list's entry without the bodies it does not carry. */
export type CallSummary = Pick<
  RequestLogListEntry,
  | "id"
  | "request_id"
  | "at"
  | "method"
  | "path"
  | "query"
  | "status"
  | "duration_ms"
  | "key_prefix"
  | "idempotency_key"
  | "idempotent_replayed"
  | "resource_id"
  | "user_agent"
>;

function statusTone(status: number) {
  return status >= 500 ? "danger" : status >= 400 ? "warning" : "success";
}

/**
 * One call of the request log, folded: the summary and the facts come with the page; both bodies
 * and "Copy as curl" are read when it is first opened (a list of 50 calls would otherwise carry
 * up to 50 × 32 KiB of bodies). Rendered here from the entry's fields, so the page's RSC payload
 * carries each call as its few fields rather than as its markup (issue 29, decision D12.20).
 */
export function CallDetails({ entry }: { entry: CallSummary }) {
  const { state, onToggle, retry } = useReadOnOpen<RequestLogEntry & { base_url: string }>(
    livePaths.requestLog(entry.id),
  );
  return (
    <details onToggle={onToggle}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-3 text-sm select-none">
        <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>
        <code className="font-mono text-xs font-semibold text-slate-900">{entry.method}</code>
        <code className="min-w-0 font-mono text-xs break-all text-slate-700">
          {entry.path}
          {entry.query ? `?${entry.query}` : ""}
        </code>
        {entry.idempotent_replayed ? <Badge tone="info">replayed</Badge> : null}
        {entry.user_agent?.startsWith(CONSOLE_USER_AGENT_PREFIX) ? <Badge tone="neutral">console</Badge> : null}
        <span className="ml-auto text-xs text-slate-500">
          {entry.duration_ms} ms · {formatDateTime(entry.at)}
        </span>
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3 text-sm">
        <Facts entry={entry} />
        {state.status === "ok" ? (
          <Bodies entry={state.data} />
        ) : (
          <ReadOnOpenState state={state} retry={retry} what="bodies" />
        )}
      </div>
    </details>
  );
}

function Facts({ entry }: { entry: CallSummary }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-500">Request id</dt>
      <dd className="font-mono break-all">{entry.request_id}</dd>
      <dt className="text-slate-500">Key</dt>
      <dd className="font-mono">{entry.key_prefix}…</dd>
      {entry.idempotency_key ? (
        <>
          <dt className="text-slate-500">Idempotency key</dt>
          <dd className="font-mono break-all">{entry.idempotency_key}</dd>
        </>
      ) : null}
      {entry.resource_id ? (
        <>
          <dt className="text-slate-500">Resource</dt>
          <dd>
            <Link
              href={`/events?resource=${encodeURIComponent(entry.resource_id)}`}
              className="font-mono text-accent-700 hover:text-accent-800"
              data-testid="call-resource"
            >
              {entry.resource_id}
            </Link>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Bodies({ entry }: { entry: RequestLogEntry & { base_url: string } }) {
  const curl = curlFor({
    baseUrl: entry.base_url,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    idempotencyKey: entry.idempotency_key,
    body: entry.request_body,
  });
  return (
    <>
      <Body label="Request body" value={entry.request_body} />
      <Body label="Response body" value={entry.response_body} />
      <div className="flex items-start gap-2">
        <CodeBlock
          className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100"
          data-testid="call-curl"
        >
          {curl}
        </CodeBlock>
        <CopyButton value={curl} label="Copy as curl" showText />
      </div>
      {curl.includes(MASK_PREFIX) ? (
        <p className="text-xs text-amber-800" data-testid="call-masked-note">
          Bank identifiers are masked in the log ({MASK_PREFIX}): put the real ones in before sending this again.
        </p>
      ) : null}
    </>
  );
}

function Body({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return <p className="text-xs text-slate-500">{label}: none</p>;
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-500">{label}</p>
      <CodeBlock className="max-h-72 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">
        {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
      </CodeBlock>
    </div>
  );
}
