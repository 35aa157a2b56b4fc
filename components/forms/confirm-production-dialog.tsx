"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";

/**
 * The explicit step before a form sends something in production: open while `pending` holds the
 * body waiting for confirmation; confirming hands it to `onConfirm`, anything else drops it.
 */
export function ConfirmProductionDialog<T>({
  pending,
  onDismiss,
  onConfirm,
  title,
  description,
  confirmLabel,
}: {
  pending: T | null;
  onDismiss: () => void;
  onConfirm: (body: T) => void;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && onDismiss()}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Go back</Button>
          </DialogClose>
          <Button
            variant="warning"
            onClick={() => {
              const body = pending;
              onDismiss();
              if (body !== null) onConfirm(body);
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
