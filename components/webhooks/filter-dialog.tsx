"use client";

import { useState } from "react";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { EndpointDialog, SaveFooter, SettingForm } from "./endpoint-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { previewWebhookFilter, setWebhookFilter } from "@/lib/webhook-endpoints/actions/webhook-filter";
import { ActionFailure, fieldProblem } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { parseEventFilter } from "@/lib/schemas/event-filter";
import type { WebhookFilterPreview } from "@/lib/schemas/webhook-filter";

/**
 * "Filter" (issue 63, decisions D9.16): beside its event types, the endpoint gets only the events
 * whose data passes a condition. Checked as it is typed, counted on the last day's events before
 * it is saved; empty removes it.
 */
export function FilterDialog({
  environment,
  webhookId,
  current,
}: {
  environment: Environment;
  webhookId: string;
  current: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(current ?? "");
  const [preview, setPreview] = useState<WebhookFilterPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [counting, setCounting] = useState(false);
  const save = useActionMutation({
    environment,
    action: setWebhookFilter,
    invalidate: [queryKeys.webhooks.filter(environment, webhookId)],
    success: (f) => (f.condition ? `Only events where ${f.condition}` : "Every event of its types"),
  });
  const condition = text.trim() === "" ? null : text.trim();
  const parsed = condition === null ? null : parseEventFilter(condition);
  const problem =
    parsed && !parsed.ok
      ? parsed.message
      : save.error instanceof ActionFailure
        ? fieldProblem(save.error).message
        : (previewError ?? undefined);
  const formId = `filter-${webhookId}`;

  const count = async () => {
    setPreviewError(null);
    setCounting(true);
    const result = await previewWebhookFilter({ id: webhookId, body: { condition } });
    setCounting(false);
    if (result.ok) setPreview(result.data);
    else setPreviewError(fieldProblem(result.error).message);
  };

  return (
    <EndpointDialog
      label="Filter"
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setText(current ?? "");
        setPreview(null);
        setPreviewError(null);
        save.reset();
      }}
      size="lg"
      title="Only some events of its types"
      description='The endpoint gets an event only if its data passes: clauses "path = value" or "path != value", joined by "and", values written as JSON. Empty: every event of its types.'
      footer={
        <SaveFooter formId={formId} pending={save.isPending} disabled={!!parsed && !parsed.ok}>
          <Button variant="secondary" loading={counting} disabled={!!parsed && !parsed.ok} onClick={() => void count()}>
            Count the last day
          </Button>
        </SaveFooter>
      }
    >
      <SettingForm
        id={formId}
        className="space-y-3"
        onSave={() => save.mutate({ id: webhookId, body: { condition } }, { onSuccess: () => setOpen(false) })}
      >
        <Field
          label="Condition"
          hint='For example data.destination.currency = "EUR" and data.status != "FAILED"'
          error={problem}
        >
          {(p) => (
            <Input
              {...p}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setPreview(null);
                setPreviewError(null);
              }}
            />
          )}
        </Field>
        {preview ? (
          <p
            className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3 text-sm"
            data-testid="filter-preview"
          >
            <span className="font-medium text-slate-900">
              {preview.matched} of {preview.events} event{preview.events === 1 ? "" : "s"}
            </span>{" "}
            of its types in the last 24 hours would have been sent{preview.capped ? " (the newest 10,000 counted)" : ""}
            .
          </p>
        ) : null}
      </SettingForm>
    </EndpointDialog>
  );
}
