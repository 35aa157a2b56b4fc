"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { changePassword } from "@/lib/actions/change-password";
import { checkChangePassword } from "@/lib/auth/password-checks";
import { FormAlert } from "./form-alert";
import { useCheckedForm } from "./use-checked-form";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** `afterChange="refresh"`: the page re-renders (the forced change lets the person in). */
export function ChangePasswordForm({ afterChange }: { afterChange?: "refresh" } = {}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const form = useCheckedForm(FIELDS, checkChangePassword);
  const { errors } = form;

  const submit = form.onSubmit((values, element) => {
    setStatus({});
    startTransition(async () => {
      const result = await changePassword(values);
      if (result.ok) {
        element.reset();
        setStatus({ success: "Password changed. Your other sessions were signed out." });
        if (afterChange === "refresh") router.refresh();
        return;
      }
      if (!form.showServerErrors(element, result.error)) setStatus({ error: result.error.message });
    });
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-5">
      <Field label="Current password" error={errors.currentPassword} required>
        {(p) => <Input {...p} {...form.field("currentPassword")} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="New password" hint="At least 12 characters. A passphrase of a few words works well." error={errors.newPassword} required>
        {(p) => <Input {...p} {...form.field("newPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Repeat the new password" error={errors.confirmPassword} required>
        {(p) => <Input {...p} {...form.field("confirmPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <FormAlert error={status.error} success={status.success} />
      <Button type="submit" loading={pending}>
        Change password
      </Button>
    </form>
  );
}
