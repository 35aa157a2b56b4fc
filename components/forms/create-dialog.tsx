"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { CreateDialogFooter } from "@/components/forms/create-dialog-footer";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Dialog } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/dashboard/action-result";

type Words = { title: string; description: string };

/**
 * One create dialog (issue 45): a trigger, a form checked in the browser and by its server
 * action, a refusal's problems on their fields, and on success what was created (often a secret
 * shown once), then Done. Closing it forgets what was created and the values, and refreshes the
 * page's server data. Each dialog only declares its fields, its action and what it shows after.
 */
export function CreateDialog<V extends FieldValues, T, C>({
  id,
  trigger,
  submitLabel,
  resolver,
  defaults,
  send,
  fields,
  keep,
  words,
  created: showCreated,
}: {
  /** The form's id (its submit button sits in the dialog's footer). */
  id: string;
  trigger: ReactNode;
  submitLabel: string;
  resolver: Resolver<V>;
  defaults: V;
  send: (values: V) => Promise<ActionResult<T>>;
  /** The fields, given the form (register, errors). */
  fields: (form: UseFormReturn<V>) => ReactNode;
  /** What of the answer the dialog keeps to show (never more than it shows). */
  keep: (data: T) => C;
  /** Title and description before, and once created. */
  words: (created: C | null) => Words;
  created: (created: C) => ReactNode;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<C | null>(null);
  const form = useForm<V>({ resolver, defaultValues: defaults as DefaultValues<V> });
  const action = useActionForm({
    send: (values: V) => send(values),
    onSuccess: ({ data }) => setCreated(keep(data)),
    onFields: (error) => applyServerErrors(error, form.setError, Object.keys(defaults) as Array<Path<V>>),
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // A secret leaves the page with the dialog.
      setCreated(null);
      action.reset();
      form.reset(defaults);
      router.refresh();
    }
  }

  const { title, description } = words(created);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
      footer={<CreateDialogFooter done={created !== null} form={id} pending={action.pending} label={submitLabel} />}
    >
      {created !== null ? (
        showCreated(created)
      ) : (
        <form id={id} onSubmit={form.handleSubmit(action.submit)} noValidate className="space-y-4">
          {fields(form)}
          <FormAlert error={action.error} />
        </form>
      )}
    </Dialog>
  );
}
