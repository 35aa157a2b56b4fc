"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { changePassword } from "@/lib/people/actions/change-password";
import type { ChangePasswordInput } from "@/lib/auth/forms";
import { checkChangePassword } from "@/lib/auth/password-checks";
import { useCheckedForm } from "./use-checked-form";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** `afterChange="refresh"`: the page re-renders (the forced change lets the person in). */
export function ChangePasswordForm({ afterChange }: { afterChange?: "refresh" } = {}) {
  const router = useRouter();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useCheckedForm(FIELDS, checkChangePassword);
  const { errors } = form;
  const action = useActionForm({
    send: (values: ChangePasswordInput) => changePassword(values),
    onSuccess: () => {
      form.clear();
      setSuccess("Password changed. Your other sessions were signed out.");
      if (afterChange === "refresh") router.refresh();
    },
    onFields: form.showServerErrors,
  });

  const submit = form.onSubmit((values) => {
    setSuccess(null);
    action.submit(values);
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-5">
      <Field label="Current password" error={errors.currentPassword} required>
        {(p) => <Input {...p} {...form.field("currentPassword")} type="password" autoComplete="current-password" />}
      </Field>
      <Field
        label="New password"
        hint="At least 12 characters. A passphrase of a few words works well."
        error={errors.newPassword}
        required
      >
        {(p) => <Input {...p} {...form.field("newPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Repeat the new password" error={errors.confirmPassword} required>
        {(p) => <Input {...p} {...form.field("confirmPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <FormAlert error={action.error} success={success} />
      <Button type="submit" loading={action.pending}>
        Change password
      </Button>
    </form>
  );
}
