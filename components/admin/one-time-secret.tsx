"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A secret shown once (a password, an API key): selectable, copyable, with the warning that it will not be shown again. */
export function OneTimeSecret({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 py-1.5 pr-1.5 pl-3">
        <code
          data-testid="one-time-secret"
          className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} showText />
      </div>
      <p className="text-xs text-amber-800">{note}</p>
    </div>
  );
}
