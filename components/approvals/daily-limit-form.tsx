"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { saveDailyLimit } from "@/lib/approvals/actions/save-daily-limit";
import type { DailyLimitInput } from "@/lib/approvals/limit-form";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { ROLE_LABELS, ROLES } from "@/lib/auth/permissions";

/** dailyLimitSchema (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<DailyLimitInput>(() => import("./limit-form-resolver").then((m) => m.dailyLimitResolver));

/** Sets a production daily limit for a role or one person, in USD whatever the currency sent (issue 43). */
export function DailyLimitForm() {
  const router = useRouter();
  const form = useForm<DailyLimitInput>({
    resolver,
    defaultValues: { scope: "role", role: "finance", email: "", currency: "USD", amount: "" },
  });
  const { errors } = form.formState;
  const scope = form.watch("scope");
  const save = useActionForm({
    send: (values: DailyLimitInput) => saveDailyLimit(values),
    onSuccess: () => {
      form.reset({ ...form.getValues(), amount: "" });
      router.refresh();
    },
    onFields: (error) => applyServerErrors(error, form.setError, ["email", "amount", "role"]),
  });
  return (
    <form
      onSubmit={form.handleSubmit(save.submit)}
      noValidate
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      data-testid="daily-limit-form"
    >
      <Field label="For">
        {(p) => (
          <Select
            {...p}
            {...form.register("scope")}
            options={[
              { value: "role", label: "A role" },
              { value: "person", label: "A person" },
            ]}
          />
        )}
      </Field>
      {scope === "role" ? (
        <Field label="Role" error={errors.role?.message}>
          {(p) => (
            <Select
              {...p}
              {...form.register("role")}
              options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].label }))}
            />
          )}
        </Field>
      ) : (
        <Field label="Person's email" error={errors.email?.message}>
          {(p) => <Input {...p} {...form.register("email")} type="email" autoComplete="off" />}
        </Field>
      )}
      <Field
        label="Per day (USD)"
        hint="Worth of everything sent, by the service's quote"
        error={errors.amount?.message}
        required
      >
        {(p) => (
          <Input {...p} {...form.register("amount")} inputMode="decimal" autoComplete="off" placeholder="25000" />
        )}
      </Field>
      <Button type="submit" loading={save.pending}>
        Set limit
      </Button>
      <div className="sm:col-span-2 lg:col-span-5">
        <FormAlert error={save.error} />
      </div>
    </form>
  );
}
