"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { CreateDialogFooter } from "@/components/forms/create-dialog-footer";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createUser } from "@/lib/actions/create-user";
import { createUserSchema, type CreateUserInput } from "@/lib/auth/forms";
import { ROLE_LABELS, ROLES } from "@/lib/auth/permissions";
import { OneTimeSecret } from "./one-time-secret";

const EMPTY: CreateUserInput = { email: "", name: "", role: "support" };
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: `${ROLE_LABELS[r].label}: ${ROLE_LABELS[r].summary}` }));

/** Adds a person; on success shows their one-time password once, with a copy button. */
export function CreateUserDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const form = useForm<CreateUserInput>({ resolver: zodResolver(createUserSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const action = useActionForm({
    send: (values: CreateUserInput) => createUser(values),
    onSuccess: ({ data }) => setCreated({ email: data.email, password: data.password }),
    onFields: (error) => applyServerErrors(error, form.setError, ["email", "name", "role"]),
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      // The password leaves the page with the dialog.
      setCreated(null);
      action.reset();
      form.reset(EMPTY);
      router.refresh();
    }
  }

  const submit = form.handleSubmit(action.submit);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <PlusIcon /> Add person
        </Button>
      }
      title={created ? "Person added" : "Add a person"}
      description={
        created
          ? `Give ${created.email} this password through a channel you trust.`
          : "They sign in with this email and a one-time password you will see next."
      }
      footer={
        <CreateDialogFooter done={!!created} form="create-user-form" pending={action.pending} label="Add person" />
      }
    >
      {created ? (
        <OneTimeSecret
          label="One-time password"
          value={created.password}
          note="Shown once. They must choose their own password when they first sign in."
        />
      ) : (
        <form id="create-user-form" onSubmit={submit} noValidate className="space-y-4">
          <Field label="Email" error={errors.email?.message} required>
            {(p) => <Input {...p} {...form.register("email")} type="email" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Name" error={errors.name?.message} required>
            {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
          </Field>
          <Field label="Role" error={errors.role?.message} required>
            {(p) => <Select {...p} {...form.register("role")} options={ROLE_OPTIONS} />}
          </Field>
          <FormAlert error={action.error} />
        </form>
      )}
    </Dialog>
  );
}
