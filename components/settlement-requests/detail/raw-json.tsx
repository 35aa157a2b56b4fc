"use client";

import type { ReactNode, SyntheticEvent } from "react";
import { ReadOnOpenState } from "@/components/list/read-on-open-state";
import { useReadOnOpen } from "@/components/list/use-read-on-open";
import { CopyButton } from "@/components/ui/copy-button";
import { CodeBlock } from "@/components/ui/code-block";

/** The request exactly as the API returned it, folded by default. */
export function RawJson({ value, label = "Raw JSON" }: { value: unknown; label?: string }) {
  return (
    <Folded label={label}>
      <JsonBlock value={value} />
    </Folded>
  );
}

/**
 * The same, for a row of a long list: read from `path` (a /live/… GET) the first time it is
 * opened, so the list's page does not carry every row's JSON.
 */
export function RawJsonOnOpen({ path, label = "Raw JSON" }: { path: string; label?: string }) {
  const { state, onToggle, retry } = useReadOnOpen<unknown>(path);
  return (
    <Folded label={label} onToggle={onToggle}>
      {state.status === "ok" ? (
        <JsonBlock value={state.data} />
      ) : (
        <div className="p-5">
          <ReadOnOpenState state={state} retry={retry} what={label.toLowerCase()} />
        </div>
      )}
    </Folded>
  );
}

function Folded({
  label,
  onToggle,
  children,
}: {
  label: string;
  onToggle?: (event: SyntheticEvent<HTMLDetailsElement>) => void;
  children: ReactNode;
}) {
  return (
    <details
      onToggle={onToggle}
      className="group rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
    >
      <summary className="flex cursor-pointer items-center justify-between px-5 py-3.5 text-sm font-semibold text-slate-900 select-none">
        {label}
        <span className="text-xs font-normal text-slate-500 group-open:hidden">Show</span>
        <span className="hidden text-xs font-normal text-slate-500 group-open:inline">Hide</span>
      </summary>
      <div className="relative border-t border-slate-100">{children}</div>
    </details>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  const json = JSON.stringify(value, null, 2);
  return (
    <>
      <CopyButton value={json} label="Copy JSON" showText className="absolute top-2 right-2 bg-white" />
      <CodeBlock
        className="max-h-[32rem] overflow-auto p-5 font-mono text-xs leading-relaxed text-slate-800"
        data-testid="raw-json"
      >
        {json}
      </CodeBlock>
    </>
  );
}
