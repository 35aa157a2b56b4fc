"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { changePassword } from "@/lib/auth/actions/change-password";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/auth/forms";
import { applyFieldErrors, FormAlert } from "./form-alert";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** `afterChange="refresh"`: the page re-renders (the forced change lets the person in). */
export function ChangePasswordForm({ afterChange }: { afterChange?: "refresh" } = {}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setStatus({});
    startTransition(async () => {
      const result = await changePassword(values);
      if (result.ok) {
        form.reset(EMPTY);
        setStatus({ success: "Password changed. Your other sessions were signed out." });
        if (afterChange === "refresh") router.refresh();
        return;
      }
      if (!applyFieldErrors(result.error, form.setError, ["currentPassword", "newPassword", "confirmPassword"])) {
        setStatus({ error: result.error.message });
      }
    });
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-5">
      <Field label="Current password" error={errors.currentPassword?.message} required>
        {(p) => <Input {...p} {...form.register("currentPassword")} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="New password" hint="At least 12 characters. A passphrase of a few words works well." error={errors.newPassword?.message} required>
        {(p) => <Input {...p} {...form.register("newPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Repeat the new password" error={errors.confirmPassword?.message} required>
        {(p) => <Input {...p} {...form.register("confirmPassword")} type="password" autoComplete="new-password" />}
      </Field>
      <FormAlert error={status.error} success={status.success} />
      <Button type="submit" loading={pending}>
        Change password
      </Button>
    </form>
  );
}
