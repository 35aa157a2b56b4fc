"use client";

import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";

/** A create dialog's buttons: Cancel and submit (`form`: the form's id) while filling in, Done once created. */
export function CreateDialogFooter({
  done,
  form,
  pending,
  label,
}: {
  done: boolean;
  form: string;
  pending: boolean;
  label: string;
}) {
  return done ? (
    <DialogClose asChild>
      <Button>Done</Button>
    </DialogClose>
  ) : (
    <>
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" form={form} loading={pending}>
        {label}
      </Button>
    </>
  );
}
