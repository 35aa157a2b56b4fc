import type { HTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";
import { humanizeStatus, statusTone, type Tone } from "./status-tone";

export { statusTone, humanizeStatus, type Tone } from "./status-tone";

const tones: Record<Tone, { box: string; dot: string }> = {
  neutral: { box: "bg-slate-100 text-slate-700 ring-slate-200", dot: "bg-slate-400" },
  info: { box: "bg-sky-50 text-sky-800 ring-sky-200", dot: "bg-sky-500" },
  warning: { box: "bg-amber-50 text-amber-800 ring-amber-200", dot: "bg-amber-500" },
  success: { box: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-500" },
  danger: { box: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-500" },
  muted: { box: "bg-slate-100 text-slate-600 ring-slate-200", dot: "bg-slate-400" },
  accent: { box: "bg-accent-50 text-accent-800 ring-accent-200", dot: "bg-accent-500" },
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: Tone /** Leading status dot. */; dot?: boolean };

export function Badge({ tone = "neutral", dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone].box,
        className,
      )}
      {...props}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", tones[tone].dot)} /> : null}
      {children}
    </span>
  );
}

/** A badge for an API status: coloured by statusTone, labelled in words, raw value in title. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} dot title={status} className={className}>
      {humanizeStatus(status)}
    </Badge>
  );
}
