"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signIn } from "@/lib/auth/actions/sign-in";
import { signInSchema, type SignInInput } from "@/lib/auth/forms";
import { applyFieldErrors, FormAlert } from "./form-alert";

/** Email and password; errors land on their field, anything else above the button. */
export function SignInForm({ next }: { next: string }) {
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await signIn(values, next);
      // On success the action redirects; we only get here when it was refused.
      if (result.ok) return;
      form.resetField("password", { keepError: false });
      if (!applyFieldErrors(result.error, form.setError, ["email", "password"])) setFormError(result.error.message);
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={pending || undefined}>
      <Field label="Email" error={errors.email?.message} required>
        {(p) => <Input {...p} {...form.register("email")} type="email" autoComplete="username" autoFocus spellCheck={false} />}
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        {(p) => <Input {...p} {...form.register("password")} type="password" autoComplete="current-password" />}
      </Field>
      <FormAlert error={formError} />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Sign in
      </Button>
    </form>
  );
}
