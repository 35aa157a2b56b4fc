"use client";

import { useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { EndpointDialog, SaveFooter, SettingForm } from "./endpoint-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setWebhookThrottle } from "@/lib/webhook-endpoints/actions/webhook-throttle";
import { ActionFailure, fieldProblem } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";

/**
 * "Rate limit" of an endpoint (issue 63): at most N deliveries a second reach it, whichever
 * instance sends; empty removes the limit. Deliveries over it wait their turn, no attempt counted.
 */
export function ThrottleDialog({
  environment,
  webhookId,
  current,
}: {
  environment: Environment;
  webhookId: string;
  current: number | null;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(current === null ? "" : String(current));
  const save = useActionMutation({
    environment,
    action: setWebhookThrottle,
    invalidate: [queryKeys.webhooks.throttle(environment, webhookId)],
    success: (t) =>
      t.max_per_second === null ? "No rate limit on this endpoint" : `At most ${t.max_per_second} deliveries a second`,
  });
  const error = save.error instanceof ActionFailure ? fieldProblem(save.error).message : undefined;
  const submit = () => {
    const trimmed = value.trim();
    save.mutate(
      { id: webhookId, body: { max_per_second: trimmed === "" ? null : Number(trimmed) } },
      { onSuccess: () => setOpen(false) },
    );
  };
  const formId = `throttle-${webhookId}`;
  return (
    <EndpointDialog
      label="Rate limit"
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setValue(current === null ? "" : String(current));
        save.reset();
      }}
      title="Deliveries a second, at most"
      description="However many instances send, the endpoint gets no more than this in any second. Deliveries over it wait their turn: no attempt is counted."
      footer={<SaveFooter formId={formId} pending={save.isPending} />}
    >
      <SettingForm id={formId} onSave={submit}>
        <Field label="Deliveries a second" hint="1 to 1000; empty for no limit." error={error}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className="w-32"
            />
          )}
        </Field>
      </SettingForm>
    </EndpointDialog>
  );
}
