"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

/**
 * A row of tabs that scrolls sideways on a narrow screen, opened with the current tab (the one
 * with aria-current) in sight: on a phone the last tabs sit past the edge, and a page opened on
 * one of them would otherwise show a strip with no tab marked. The strip is positioned, so a
 * tab's offsetLeft is measured from it.
 */
export function ScrollingTabs({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const strip = ref.current;
    const current = strip?.querySelector<HTMLElement>("[aria-current]");
    if (!strip || !current) return;
    const right = current.offsetLeft + current.offsetWidth;
    if (current.offsetLeft < strip.scrollLeft || right > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = Math.max(0, right - strip.clientWidth + 16);
  });
  return (
    <nav ref={ref} aria-label={label} className={cn("relative", className)}>
      {children}
    </nav>
  );
}
