import { cn } from "@/lib/ui/cn";

/** A pulsing placeholder block; size it with className (e.g. "h-4 w-32"). Hidden from assistive tech. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/70", className)} />;
}
