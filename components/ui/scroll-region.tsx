import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

/** A box that may scroll sideways: a named region that takes focus, so a keyboard can scroll it (axe scrollable-region-focusable). */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the page's own sections; a <section> would add an outline entry
    <div
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-500", className)}
    >
      {children}
    </div>
  );
}
