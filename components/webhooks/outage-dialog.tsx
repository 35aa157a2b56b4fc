"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog";
import { EndpointDialog } from "./endpoint-dialog";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { useQueryClient } from "@tanstack/react-query";
import { setWebhookFailurePolicy, setWebhookOutage } from "@/lib/webhook-endpoints/actions/webhook-health";
import { fieldProblem } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { WebhookHealth } from "@/lib/schemas/webhook-health";
import { DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS } from "@/lib/schemas/webhook-limits";

const LENGTHS = [
  { value: "1", label: "1 hour" },
  { value: "6", label: "6 hours" },
  { value: "24", label: "1 day" },
  { value: "96", label: "4 days (long enough to be turned off)" },
];

/**
 * "Rehearse an outage" (sandbox, issue 63): for N hours of the sandbox clock every attempt to the
 * endpoint fails without a request, so the retry schedule, the warning after a day and the turning
 * off can be watched by moving the clock, and the recovery practised, in minutes.
 */
export function OutageDialog({
  environment,
  webhookId,
  health,
}: {
  environment: Environment;
  webhookId: string;
  health: WebhookHealth;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState("96");
  const [mode, setMode] = useState<"http_500" | "timeout">("http_500");
  const [asProduction, setAsProduction] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const start = async () => {
    setError(null);
    setPending(true);
    const meta = { environment };
    if (asProduction && health.disable_after_hours === null) {
      const policy = await setWebhookFailurePolicy(
        {
          id: webhookId,
          body: {
            warn_after_hours: health.warn_after_hours,
            disable_after_hours: DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS,
          },
        },
        meta,
      );
      if (!policy.ok) {
        setPending(false);
        return setError(fieldProblem(policy.error).message);
      }
    }
    const result = await setWebhookOutage({ id: webhookId, body: { hours: Number(hours), mode } }, meta);
    setPending(false);
    if (!result.ok) return setError(fieldProblem(result.error).message);
    await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.health(environment, webhookId) });
    toast({
      title: "Outage started",
      description: "Move the sandbox clock to watch the attempts fail, the warning and the turning off.",
      tone: "success",
    });
    setOpen(false);
  };

  return (
    <EndpointDialog
      label="Rehearse an outage"
      open={open}
      setOpen={setOpen}
      onOpen={() => setError(null)}
      title="Rehearse an outage"
      description="For the time chosen (on the sandbox clock) every attempt to this endpoint fails and nothing is sent. Move the clock to watch the retries, the warning after a day and the turning off; then practise the recovery."
      footer={
        <DialogActions cancel="Cancel">
          <Button loading={pending} onClick={() => void start()}>
            Start the outage
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="For">
            {(p) => <Select {...p} options={LENGTHS} value={hours} onChange={(e) => setHours(e.target.value)} />}
          </Field>
          <Field label="Each attempt">
            {(p) => (
              <Select
                {...p}
                options={[
                  { value: "http_500", label: "Answers HTTP 500" },
                  { value: "timeout", label: "Times out (10 s)" },
                ]}
                value={mode}
                onChange={(e) => setMode(e.target.value === "timeout" ? "timeout" : "http_500")}
              />
            )}
          </Field>
        </div>
        {health.disable_after_hours === null ? (
          <Checkbox className="text-sm text-slate-700" checked={asProduction} onChange={setAsProduction}>
            Turn it off after {DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS} hours of only failures, as production does
            (sandbox endpoints are not turned off unless asked)
          </Checkbox>
        ) : (
          <p className="text-sm text-slate-600">
            It is turned off after {health.disable_after_hours} hours of only failures (its failure policy).
          </p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </EndpointDialog>
  );
}
