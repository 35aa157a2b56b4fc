"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { CodeBlock } from "@/components/ui/code-block";

/** The request exactly as the API returned it, folded by default. */
export function RawJson({ value, label = "Raw JSON" }: { value: unknown; label?: string }) {
  const json = JSON.stringify(value, null, 2);
  return (
    <details className="group rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]">
      <summary className="flex cursor-pointer items-center justify-between px-5 py-3.5 text-sm font-semibold text-slate-900 select-none">
        {label}
        <span className="text-xs font-normal text-slate-500 group-open:hidden">Show</span>
        <span className="hidden text-xs font-normal text-slate-500 group-open:inline">Hide</span>
      </summary>
      <div className="relative border-t border-slate-100">
        <CopyButton value={json} label="Copy JSON" showText className="absolute top-2 right-2 bg-white" />
        <CodeBlock
          className="max-h-[32rem] overflow-auto p-5 font-mono text-xs leading-relaxed text-slate-800"
          data-testid="raw-json"
        >
          {json}
        </CodeBlock>
      </div>
    </details>
  );
}
