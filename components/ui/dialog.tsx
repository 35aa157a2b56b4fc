"use client";

import dynamic from "next/dynamic";
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { Button } from "./button";
import type { DialogContentProps } from "./dialog-panel";

export type DialogProps = DialogContentProps & {
  /** Controlled open state; omit both for an uncontrolled dialog opened by `trigger`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (a single button: it gets the click handler and aria state). */
  trigger?: ReactNode;
};

/** Radix and the panel load with the first open, so a page with a closed dialog does not ship them. */
const DialogPanel = dynamic(() => import("./dialog-panel").then((m) => m.DialogPanel), { ssr: false });

const CloseDialog = createContext<(() => void) | null>(null);

type Clickable = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

/** Modal dialog with our look: focus trap, Escape, scroll lock and aria wiring come from Radix. */
export function Dialog({ open, onOpenChange, trigger, ...panel }: DialogProps) {
  const controlled = open !== undefined;
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = controlled ? open : ownOpen;
  // Once opened, the panel stays mounted (Radix closes it; the chunk is loaded anyway).
  const [used, setUsed] = useState(isOpen);
  if (isOpen && !used) setUsed(true);
  const opener = useRef<HTMLElement | null>(null);

  // A layout effect runs before Radix moves focus into the dialog (in its own passive effect).
  useLayoutEffect(() => {
    if (!isOpen) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [isOpen]);

  const setOpen = (next: boolean) => {
    if (!controlled) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const triggerElement = isValidElement(trigger)
    ? cloneElement(
        trigger as Clickable,
        {
          onClick: (event: MouseEvent<HTMLElement>) => {
            (trigger as Clickable).props.onClick?.(event);
            if (!event.defaultPrevented) setOpen(true);
          },
          "aria-haspopup": "dialog",
          "aria-expanded": isOpen,
        } as Record<string, unknown>,
      )
    : trigger;

  return (
    <>
      {triggerElement}
      {used ? (
        <CloseDialog.Provider value={() => setOpen(false)}>
          <DialogPanel {...panel} open={isOpen} onOpenChange={setOpen} returnFocus={() => opener.current} />
        </CloseDialog.Provider>
      ) : null}
    </>
  );
}

/** Closes the dialog it sits in: `<DialogClose asChild><Button>Cancel</Button></DialogClose>`. */
export function DialogClose({ children }: { asChild?: boolean; children: ReactNode }) {
  const close = useContext(CloseDialog);
  if (!isValidElement(children)) return children;
  const child = children as Clickable;
  return cloneElement(child, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      child.props.onClick?.(event);
      if (!event.defaultPrevented) close?.();
    },
  });
}

/** A dialog's footer: the secondary button that closes it (`cancel`, e.g. "Keep it"), then its action. */
export function DialogActions({ cancel, children }: { cancel: string; children: ReactNode }) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="secondary">{cancel}</Button>
      </DialogClose>
      {children}
    </>
  );
}
