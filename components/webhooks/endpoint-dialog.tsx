"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { DialogContentProps } from "@/components/ui/dialog-panel";

/**
 * The frame of an endpoint's dialogs (issue 63: rate limit, failure policy, filter, outage, enable,
 * replay): a quiet button on the card opens it; `onOpen` resets what it shows each time it opens.
 */
export function EndpointDialog({
  label,
  open,
  setOpen,
  onOpen,
  ...panel
}: DialogContentProps & {
  label: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  onOpen?: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      trigger={
        <Button size="sm" variant="ghost">
          {label}
        </Button>
      }
      {...panel}
    />
  );
}

/** A setting's footer: Cancel, any other action, and Save submitting the form `formId`. */
export function SaveFooter({
  formId,
  pending,
  disabled,
  children,
}: {
  formId: string;
  pending: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <DialogActions cancel="Cancel">
      {children}
      <Button type="submit" form={formId} loading={pending} disabled={disabled}>
        Save
      </Button>
    </DialogActions>
  );
}

/** A setting's form: submitted by its footer's Save, never by the browser's own validation. */
export function SettingForm({
  id,
  onSave,
  className,
  children,
}: {
  id: string;
  onSave: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      noValidate
      className={className}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSave();
      }}
    >
      {children}
    </form>
  );
}
