"use client";

import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { REPORT_FORMATS, REPORT_IDS, REPORT_LABELS, type ReportFormat, type ReportId } from "@/lib/reports/catalog";

const FORMAT_WORDS: Record<ReportFormat, string> = { csv: "CSV (UTF-8)", xlsx: "XLSX (Excel)" };

/** Which report: the run form's and the schedule form's first choice. */
export function ReportField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: ReportId;
  onChange: (value: ReportId) => void;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint} required>
      {(p) => (
        <Select
          {...p}
          value={value}
          onChange={(e) => onChange(e.target.value as ReportId)}
          options={REPORT_IDS.map((id) => ({ value: id, label: REPORT_LABELS[id].label }))}
        />
      )}
    </Field>
  );
}

/** CSV or XLSX. */
export function FormatField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ReportFormat;
  onChange: (value: ReportFormat) => void;
}) {
  return (
    <Field label={label} required>
      {(p) => (
        <Select
          {...p}
          value={value}
          onChange={(e) => onChange(e.target.value as ReportFormat)}
          options={REPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_WORDS[f] }))}
        />
      )}
    </Field>
  );
}
