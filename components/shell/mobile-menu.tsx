"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { MenuIcon } from "@/components/ui/icons";
import { focusPageHeading } from "./route-focus";

/** Radix and the sheet load with the first tap on the menu button, not with every page. */
const MobileMenuSheet = dynamic(() => import("./mobile-menu-sheet").then((m) => m.MobileMenuSheet), { ssr: false });

/**
 * Below the lg breakpoint the sidebar folds into this: a menu button that opens a sheet from the
 * left. A real dialog (Radix): focus moves in and is trapped, Escape or the overlay closes it,
 * focus returns to the button, and the page behind is inert. A route change closes it.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigated = useRef(false);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu whenever the route changes
  useEffect(() => {
    navigated.current = true;
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          navigated.current = false;
          setUsed(true);
          setOpen(true);
        }}
        className="-ml-1.5 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
      >
        <MenuIcon className="size-5" />
        <span className="sr-only">Open menu</span>
      </button>
      {used ? (
        <MobileMenuSheet
          open={open}
          onOpenChange={setOpen}
          // Closed by a link: focus goes to the new page's heading; closed otherwise: back to the button.
          returnFocus={() => (navigated.current ? focusPageHeading() : button.current?.focus())}
        >
          {children}
        </MobileMenuSheet>
      ) : null}
    </>
  );
}
