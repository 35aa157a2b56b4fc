"use client";

import type { ReactNode } from "react";
import { ReadOnOpenState } from "@/components/list/read-on-open-state";
import { useReadOnOpen } from "@/components/list/use-read-on-open";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { curlFor } from "@/lib/dashboard/api-snippets";
import { livePaths } from "@/lib/dashboard/live-paths";
import { MASK_PREFIX } from "@/lib/schemas/mask";
import type { RequestLogEntry } from "@/lib/schemas/request-log";

/**
 * One call of the request log, folded: the summary and the facts come with the page; both bodies
 * and "Copy as curl" are read when it is first opened (a list of 50 calls would otherwise carry
 * up to 50 × 32 KiB of bodies).
 */
export function CallDetails({ id, summary, facts }: { id: string; summary: ReactNode; facts: ReactNode }) {
  const { state, onToggle, retry } = useReadOnOpen<RequestLogEntry & { base_url: string }>(livePaths.requestLog(id));
  return (
    <details onToggle={onToggle}>
      {summary}
      <div className="space-y-3 border-t border-slate-100 px-4 py-3 text-sm">
        {facts}
        {state.status === "ok" ? (
          <Bodies entry={state.data} />
        ) : (
          <ReadOnOpenState state={state} retry={retry} what="bodies" />
        )}
      </div>
    </details>
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
