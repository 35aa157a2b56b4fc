"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * After a client-side navigation, focus moves to the new page's heading (its h1, made focusable
 * for this), so a screen reader announces where one is and Tab continues from the top of the new
 * page. The first load is left alone. A page still streaming gets a moment for its heading.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    let frame = 0;
    const focusHeading = () => {
      if (!document.querySelector("main h1") && tries++ < 120) {
        frame = requestAnimationFrame(focusHeading);
        return;
      }
      focusPageHeading();
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}

/** Focuses the page's h1 (made focusable for this), or the main region when it has none. */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>("main h1");
  const target = heading ?? document.getElementById("main");
  if (!target) return;
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
