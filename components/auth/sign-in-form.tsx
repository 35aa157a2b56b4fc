"use client";

import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signIn } from "@/lib/people/actions/sign-in";
import type { SignInInput } from "@/lib/auth/forms";
import { checkSignIn } from "@/lib/auth/password-checks";
import { useCheckedForm } from "./use-checked-form";

const FIELDS = ["email", "password"] as const;

/** Email and password; errors land on their field, anything else above the button. */
export function SignInForm({ next }: { next: string }) {
  const form = useCheckedForm(FIELDS, checkSignIn);
  const { errors } = form;
  // On success the action redirects; the result only comes back when it was refused.
  const action = useActionForm({
    send: (values: SignInInput) => signIn(values, next),
    onFailure: () => form.clear("password"),
    onFields: form.showServerErrors,
  });

  return (
    <form
      onSubmit={form.onSubmit(action.submit)}
      noValidate
      className="space-y-5"
      aria-busy={action.pending || undefined}
    >
      <Field label="Email" error={errors.email} required>
        {(p) => (
          <Input {...p} {...form.field("email")} type="email" autoComplete="username" autoFocus spellCheck={false} />
        )}
      </Field>
      <Field label="Password" error={errors.password} required>
        {(p) => <Input {...p} {...form.field("password")} type="password" autoComplete="current-password" />}
      </Field>
      <FormAlert error={action.error} />
      <Button type="submit" size="lg" className="w-full" loading={action.pending}>
        Sign in
      </Button>
    </form>
  );
}
