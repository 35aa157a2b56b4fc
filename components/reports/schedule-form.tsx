"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { OneTimeSecret } from "@/components/admin/one-time-secret";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createReportSchedule } from "@/lib/reports/actions/create-report-schedule";
import type { ActionError } from "@/lib/dashboard/action-result";
import { CADENCES, type Cadence } from "@/lib/reports/cadence";
import type { ReportFormat, ReportId } from "@/lib/reports/catalog";
import { FormatField, ReportField } from "./report-fields";

const CADENCE_WORDS: Record<Cadence, string> = {
  daily: "Daily, at midnight (the month so far)",
  weekly: "Weekly, Monday at midnight (the month so far)",
  monthly: "Monthly, on the 1st (the month just ended)",
};

/** Schedules a report, optionally delivered as a signed webhook; the webhook's secret is shown once. */
export function ScheduleForm() {
  const router = useRouter();
  const [definition, setDefinition] = useState<ReportId>("reconciliation");
  const [format, setFormat] = useState<ReportFormat>("xlsx");
  const [cadence, setCadence] = useState<Cadence>("monthly");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [runNow, setRunNow] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="space-y-4"
      data-testid="schedule-form"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const result = await createReportSchedule({ definition, format, cadence, webhookUrl, runNow });
          if (result.ok) {
            setError(null);
            setSecret(result.data.secret);
          } else setError(result.error);
          router.refresh();
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ReportField label="Scheduled report" value={definition} onChange={setDefinition} />
        <FormatField label="As" value={format} onChange={setFormat} />
      </div>
      <Field label="Every" required>
        {(p) => (
          <Select
            {...p}
            value={cadence}
            onChange={(e) => setCadence(e.target.value as Cadence)}
            options={CADENCES.map((c) => ({ value: c, label: CADENCE_WORDS[c] }))}
          />
        )}
      </Field>
      <Field
        label="Webhook URL"
        hint="Optional: report_run.succeeded is POSTed there, signed, with the manifest and the download link."
        error={error?.details.find((d) => d.path === "webhookUrl")?.message}
      >
        {(p) => (
          <Input
            {...p}
            value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.target.value)}
            placeholder="https://erp.example.com/hooks/reports"
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-accent-600"
          checked={runNow}
          onChange={(e) => setRunNow(e.target.checked)}
        />
        Also run it once now
      </label>
      <Button type="submit" variant="secondary" loading={pending} data-testid="create-schedule">
        Schedule it
      </Button>
      <FormAlert error={error} />
      {secret ? (
        <div data-testid="schedule-secret">
          <OneTimeSecret
            label="Webhook signing secret"
            value={secret}
            note="Shown once: verify X-Service-Signature with it."
          />
        </div>
      ) : null}
    </form>
  );
}
