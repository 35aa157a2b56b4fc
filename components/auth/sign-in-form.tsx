"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signIn } from "@/lib/actions/sign-in";
import { checkSignIn } from "@/lib/auth/password-checks";
import { FormAlert } from "./form-alert";
import { useCheckedForm } from "./use-checked-form";

const FIELDS = ["email", "password"] as const;

/** Email and password; errors land on their field, anything else above the button. */
export function SignInForm({ next }: { next: string }) {
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useCheckedForm(FIELDS, checkSignIn);
  const { errors } = form;

  const submit = form.onSubmit((values, element) => {
    setFormError(null);
    startTransition(async () => {
      const result = await signIn(values, next);
      // On success the action redirects; we only get here when it was refused.
      if (result.ok) return;
      const password = element.elements.namedItem("password");
      if (password instanceof HTMLInputElement) password.value = "";
      if (!form.showServerErrors(element, result.error)) setFormError(result.error.message);
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={pending || undefined}>
      <Field label="Email" error={errors.email} required>
        {(p) => <Input {...p} {...form.field("email")} type="email" autoComplete="username" autoFocus spellCheck={false} />}
      </Field>
      <Field label="Password" error={errors.password} required>
        {(p) => <Input {...p} {...form.field("password")} type="password" autoComplete="current-password" />}
      </Field>
      <FormAlert error={formError} />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Sign in
      </Button>
    </form>
  );
}
