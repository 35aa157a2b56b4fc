"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { backfillReports } from "@/lib/reports/actions/backfill-reports";
import { queueReport } from "@/lib/reports/actions/queue-report";
import type { ActionError } from "@/lib/dashboard/action-result";
import { REPORT_LABELS, type ReportFormat, type ReportId } from "@/lib/reports/catalog";
import { FormatField, ReportField } from "./report-fields";

/** Runs a report for a month, as CSV or XLSX: it is queued, made in the background, and appears below with its link. */
export function ReportForm({ period }: { period: string }) {
  const router = useRouter();
  const [definition, setDefinition] = useState<ReportId>("reconciliation");
  const [month, setMonth] = useState(period);
  const [format, setFormat] = useState<ReportFormat>("csv");
  const [through, setThrough] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          // A later "through" month backfills: one run per month of the range.
          const result =
            through && through > month
              ? await backfillReports({ definition, format, from: month, to: through })
              : await queueReport({ definition, period: month, format });
          setError(result.ok ? null : result.error);
          router.refresh();
        });
      }}
    >
      <ReportField
        label="Report"
        hint={REPORT_LABELS[definition].description}
        value={definition}
        onChange={setDefinition}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Month" required>
          {(p) => <Input {...p} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />}
        </Field>
        <Field label="Through" hint="Optional: every month up to this one (a backfill, at most 24).">
          {(p) => <Input {...p} type="month" value={through} onChange={(e) => setThrough(e.target.value)} />}
        </Field>
        <FormatField label="Format" value={format} onChange={setFormat} />
      </div>
      <Button type="submit" loading={pending} data-testid="run-report">
        Run the report
      </Button>
      <FormAlert error={error} />
    </form>
  );
}
