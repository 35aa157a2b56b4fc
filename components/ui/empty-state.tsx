import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

export type EmptyStateProps = {
  /** An icon element, e.g. <InboxIcon className="size-5" />. */
  icon?: ReactNode;
  title: string;
  /** What will appear here, and how to make it appear. */
  children?: ReactNode;
  /** A button or link. */
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <div className="mb-4 grid size-11 place-items-center rounded-full bg-slate-100 text-slate-500 ring-8 ring-slate-50">
          {icon}
        </div>
      ) : null}
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-1.5 max-w-md text-sm leading-relaxed text-slate-600">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
