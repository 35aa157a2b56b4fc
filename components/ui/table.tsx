import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

/** A scrollable, bordered table. Compose with THead/TBody/TR/TH/TD and TableEmptyRow. */
export function Table({
  className,
  caption,
  children,
  ...props
}: HTMLAttributes<HTMLTableElement> & { caption?: ReactNode }) {
  return (
    // A region of its own that scrolls sideways on a phone; focusable so a keyboard can scroll it.
    // biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the page's own sections; a <section> would add an outline entry
    <div
      role="region"
      aria-label={typeof caption === "string" ? caption : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="scroll-cue relative overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 shadow-[var(--shadow-card)] focus-visible:outline-2 focus-visible:outline-accent-500"
    >
      <table className={cn("w-full border-collapse text-left text-sm", className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50/80", className)} {...props} />;
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function TR({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("transition-colors hover:bg-slate-50/70", className)} {...props} />;
}

type Numeric = { /** Right-aligned tabular figures for amounts. */ numeric?: boolean };

export function TH({ className, numeric, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement> & Numeric) {
  return (
    <th
      scope={scope}
      className={cn(
        "px-4 py-2.5 text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase",
        numeric && "text-right",
        className,
      )}
      {...props}
    />
  );
}

export function TD({ className, numeric, ...props }: TdHTMLAttributes<HTMLTableCellElement> & Numeric) {
  return (
    <td
      className={cn(
        "px-4 py-3 align-middle text-slate-700",
        numeric && "text-right whitespace-nowrap tabular-nums",
        className,
      )}
      {...props}
    />
  );
}

/** One full-width row saying why the table is empty (and what would appear). */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}
