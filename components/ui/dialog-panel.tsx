"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "@/lib/ui/cn";
import type { ReactNode } from "react";
import { XIcon } from "./icons";

/** What the panel shows: its title, words, body, buttons and width (the Dialog's props besides its opening). */
export type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row; wrap a cancel button in <DialogClose asChild>. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
};

type PanelProps = DialogContentProps & {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes back when the dialog closes (what had it when the dialog opened). */
  returnFocus(): HTMLElement | null;
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * The dialog itself, loaded with the first open (components/ui/dialog.tsx): Radix gives the focus
 * trap, Escape, scroll lock and aria wiring.
 */
export function DialogPanel({
  open,
  onOpenChange,
  returnFocus,
  title,
  description,
  children,
  footer,
  size = "md",
}: PanelProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl",
            widths[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocus();
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Close"
            >
              <XIcon />
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="mt-1.5 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
