"use client";

import { useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { EndpointDialog, SaveFooter, SettingForm } from "./endpoint-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setWebhookFailurePolicy } from "@/lib/webhook-endpoints/actions/webhook-health";
import { ActionFailure, fieldProblem } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { WebhookHealth } from "@/lib/schemas/webhook-health";

/**
 * "When it fails" (issue 63, decisions D9.15): after how many hours of only failures the account is
 * warned (webhook_endpoint.failing), and after how many the endpoint is turned off (empty: never).
 */
export function FailurePolicyDialog({
  environment,
  webhookId,
  health,
}: {
  environment: Environment;
  webhookId: string;
  health: WebhookHealth;
}) {
  const [open, setOpen] = useState(false);
  const [warn, setWarn] = useState(String(health.warn_after_hours));
  const [off, setOff] = useState(health.disable_after_hours === null ? "" : String(health.disable_after_hours));
  const save = useActionMutation({
    environment,
    action: setWebhookFailurePolicy,
    invalidate: [queryKeys.webhooks.health(environment, webhookId)],
    success: (h) =>
      h.disable_after_hours === null
        ? `Warned after ${h.warn_after_hours} h of failures; never turned off`
        : `Warned after ${h.warn_after_hours} h of failures, turned off after ${h.disable_after_hours} h`,
  });
  const problem = save.error instanceof ActionFailure ? fieldProblem(save.error) : null;
  const errorOf = (field: string) =>
    problem && (problem.field === field || problem.field === null) ? problem.message : undefined;
  const formId = `failure-policy-${webhookId}`;

  return (
    <EndpointDialog
      label="When it fails"
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setWarn(String(health.warn_after_hours));
        setOff(health.disable_after_hours === null ? "" : String(health.disable_after_hours));
        save.reset();
      }}
      title="When every delivery fails"
      description="A run of failures starts at the first failed attempt after a success and ends at the next success."
      footer={<SaveFooter formId={formId} pending={save.isPending} />}
    >
      <SettingForm
        id={formId}
        className="grid gap-4 sm:grid-cols-2"
        onSave={() =>
          save.mutate(
            {
              id: webhookId,
              body: { warn_after_hours: Number(warn), disable_after_hours: off.trim() === "" ? null : Number(off) },
            },
            { onSuccess: () => setOpen(false) },
          )
        }
      >
        <Field
          label="Warn after (hours)"
          hint="1 to 168: a warning here and the event webhook_endpoint.failing."
          error={errorOf("warn_after_hours")}
        >
          {(p) => <Input {...p} inputMode="numeric" value={warn} onChange={(e) => setWarn(e.target.value)} />}
        </Field>
        <Field
          label="Turn off after (hours)"
          hint="More than the warning, at most 720; empty: never."
          error={problem?.field === "disable_after_hours" ? problem.message : undefined}
        >
          {(p) => <Input {...p} inputMode="numeric" value={off} onChange={(e) => setOff(e.target.value)} />}
        </Field>
      </SettingForm>
    </EndpointDialog>
  );
}
