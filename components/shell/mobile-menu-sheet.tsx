"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { XIcon } from "@/components/ui/icons";

/** The menu sheet, loaded with the first open (./mobile-menu.tsx). */
export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Moves focus when the sheet closes (to the menu button, or the new page's heading). */
  returnFocus(): void;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <DialogPrimitive.Content
          id="mobile-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col border-r border-slate-200 bg-white shadow-xl lg:hidden"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title className="text-sm font-semibold text-slate-900">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="-mr-1.5 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <XIcon className="size-5" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
