import { cn } from "@/lib/ui/cn";

/** A pulsing placeholder block; size it with className (e.g. "h-4 w-32"). Hidden from assistive tech. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/70", className)} />;
}

/** The loading state of a table: a card of row placeholders, announced as `label`. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}
