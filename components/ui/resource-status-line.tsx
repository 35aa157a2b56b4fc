import type { ReactNode } from "react";
import { StatusBadge } from "./badge";
import { CopyButton } from "./copy-button";
import { CheckIcon } from "./icons";

/** The line under a resource page's title: its status, its id with a copy button, refresh state. */
export function ResourceStatusLine({
  status,
  statusTestId,
  id,
  copyLabel,
  refreshing,
  children,
}: {
  status: string;
  statusTestId: string;
  id: string;
  copyLabel: string;
  refreshing: boolean;
  /** Extra badges between the status and the id. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span data-testid={statusTestId}>
        <StatusBadge status={status} className="text-sm" />
      </span>
      {children}
      <span className="inline-flex items-center gap-1 font-mono text-xs text-slate-500">
        {id}
        <CopyButton value={id} label={copyLabel} />
      </span>
      {refreshing ? (
        <span className="text-xs text-slate-500" aria-live="polite">
          Refreshing…
        </span>
      ) : null}
    </div>
  );
}

/** The green confirmation shown once after something was created. */
export function SuccessBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-[var(--radius-card)] border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      <CheckIcon className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-medium">{title}</span> {children}
      </p>
    </div>
  );
}
