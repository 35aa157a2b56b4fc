"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { backtestApprovalRule } from "@/lib/approvals/actions/backtest-approval-rule";
import type { ActionError } from "@/lib/dashboard/action-result";
import { saveApprovalRule } from "@/lib/approvals/actions/save-approval-rule";
import type { BacktestResult } from "@/lib/approvals/types";
import { APPROVER_ROLES, CONTROLLED_ACTION_LABELS, RULE_ACTIONS, ruleSummary } from "@/lib/approvals/rule-catalog";
import type { RuleBody } from "@/lib/approvals/rules";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { CURRENCIES } from "@/lib/schemas/catalog";
import { BacktestReport } from "./backtest-report";
import { CheckboxGroup } from "./checkbox-group";

/** The form's values: react-hook-form keeps numbers of selects as text. */
type Values = Omit<RuleBody, "approvalsRequired" | "conditions"> & {
  approvalsRequired: "1" | "2";
  conditions: Omit<RuleBody["conditions"], "amountAtLeast"> & { amountAtLeast: string };
};

/** The rule's schema (with zod and decimal.js), loaded on the first check, not with the page (issue 45). */
const formSchema = () => import("@/lib/approvals/rules").then((m) => m.ruleBodySchema);

/**
 * Writes an approval rule (a new version on save: held submissions keep theirs), and before
 * that, "what would this have held?": the last 30 or 90 days replayed through the draft.
 */
export function RuleEditor({ id, initial }: { id?: string; initial: RuleBody }) {
  const router = useRouter();
  const { toast } = useToast();
  const form = useForm<Values>({
    defaultValues: {
      ...initial,
      approvalsRequired: String(initial.approvalsRequired) as "1" | "2",
      conditions: { ...initial.conditions, amountAtLeast: initial.conditions.amountAtLeast ?? "" },
    },
  });
  const { errors } = form.formState;
  const [report, setReport] = useState<BacktestResult | null>(null);
  const [testError, setTestError] = useState<ActionError | null>(null);
  const [testing, startTest] = useTransition();

  const checked = async (values: Values): Promise<RuleBody | null> => {
    form.clearErrors();
    const parsed = (await formSchema()).safeParse({
      ...values,
      approvalsRequired: Number(values.approvalsRequired),
      conditions: {
        ...values.conditions,
        amountAtLeast: values.conditions.amountAtLeast.trim() === "" ? null : values.conditions.amountAtLeast.trim(),
      },
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) form.setError(issue.path.join(".") as never, { message: issue.message });
    return null;
  };

  const save = useActionForm({
    send: (body: RuleBody) => saveApprovalRule({ id, rule: body }),
    onSuccess: ({ data }) => {
      toast({ title: `Rule saved (version ${data.version})`, description: ruleSummary(data), tone: "success" });
      router.push("/approvals/rules");
      router.refresh();
    },
    onFields: (error) => applyServerErrors(error, form.setError, []),
  });

  function runBacktest(days: 30 | 90) {
    startTest(async () => {
      const body = await checked(form.getValues());
      if (!body) return;
      const result = await backtestApprovalRule({ rule: body, days });
      if (result.ok) {
        setReport(result.data);
        setTestError(null);
      } else setTestError(result.error);
    });
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const body = await checked(values);
    if (body) save.submit(body);
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
      <Card
        title={id ? "Edit rule" : "New rule"}
        description="Every condition you set must hold for a submission to be held."
      >
        <form id="rule-form" onSubmit={onSubmit} noValidate className="space-y-5">
          <Field label="Name" error={errors.name?.message} required>
            {(p) => (
              <Input {...p} {...form.register("name")} autoComplete="off" placeholder="Large production payouts" />
            )}
          </Field>
          <CheckboxGroup
            name="environments"
            legend="Environments"
            field={form.register("conditions.environments")}
            error={errors.conditions?.environments?.message}
            options={[
              { value: "production", label: "Production" },
              { value: "sandbox", label: "Sandbox" },
            ]}
          />
          <CheckboxGroup
            name="actions"
            legend="Actions"
            field={form.register("conditions.actions")}
            error={errors.conditions?.actions?.message}
            options={RULE_ACTIONS.map((a) => ({ value: a, label: CONTROLLED_ACTION_LABELS[a] }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Amount at or above"
              hint="Leave empty for any amount."
              error={errors.conditions?.amountAtLeast?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...form.register("conditions.amountAtLeast")}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="10000"
                />
              )}
            </Field>
            <Field label="Measured in" hint="USD: priced by the service's own quote (mid-market rate).">
              {(p) => (
                <Select
                  {...p}
                  {...form.register("conditions.amountIn")}
                  options={[
                    { value: "submission", label: "Each submission's own currency" },
                    { value: "USD", label: "USD" },
                  ]}
                />
              )}
            </Field>
          </div>
          <CheckboxGroup
            name="currencies"
            legend="Currencies (none: any)"
            field={form.register("conditions.currencies")}
            error={errors.conditions?.currencies?.message}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
          <CheckboxGroup
            name="destinationTypes"
            legend="Destinations (none: any)"
            field={form.register("conditions.destinationTypes")}
            options={[
              { value: "bank", label: "Bank account" },
              { value: "wallet", label: "Wallet" },
            ]}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-accent-600"
              {...form.register("conditions.newDestinationOnly")}
            />
            Only destinations not in the payee book
          </label>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Approvals needed" error={errors.approvalsRequired?.message} required>
              {(p) => (
                <Select
                  {...p}
                  {...form.register("approvalsRequired")}
                  options={[
                    { value: "1", label: "1 person" },
                    { value: "2", label: "2 people" },
                  ]}
                />
              )}
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-accent-600"
                {...form.register("enabled")}
              />
              On (holds new submissions)
            </label>
          </div>
          <CheckboxGroup
            name="approverRoles"
            legend="Who may approve"
            field={form.register("approverRoles")}
            error={errors.approverRoles?.message}
            options={APPROVER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].label }))}
          />
          <FormAlert error={save.error} />
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <Button type="submit" loading={save.pending}>
              {id ? "Save a new version" : "Create rule"}
            </Button>
          </div>
        </form>
      </Card>
      <Card
        title="What would this have held?"
        description="The account's recent history through the rule as drafted, read through the API's lists. Nothing is saved or held."
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={testing} onClick={() => runBacktest(30)}>
            Last 30 days
          </Button>
          <Button variant="secondary" loading={testing} onClick={() => runBacktest(90)}>
            Last 90 days
          </Button>
        </div>
        <div className="mt-4" aria-live="polite">
          <FormAlert error={testError} />
          {report ? (
            <BacktestReport report={report} />
          ) : (
            <p className="text-sm text-slate-500">
              Run it to see how many submissions, and how much money, the rule would have held.
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
