import type { ReactNode } from "react";

/** One labelled value of a resource's details (inside a <dl>); `mono` for ids, addresses and hashes. */
export function DetailItem({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={
          mono ? "mt-0.5 font-mono text-sm break-all text-slate-900" : "mt-0.5 text-sm break-words text-slate-900"
        }
      >
        {children}
      </dd>
    </div>
  );
}

/** Why the resource failed, in red across the details' columns. */
export function DetailFailure({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-red-700">{label}</dt>
      <dd className="mt-0.5 text-sm text-red-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
