"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { importPayees, type PayeeImport } from "@/lib/approvals/actions/import-payees";
import type { ActionError } from "@/lib/dashboard/action-result";

const names = (rows: Array<{ line: number; name: string }>) =>
  rows.map((r) => `“${r.name}” (line ${r.line})`).join(", ");

/**
 * Import and export of the payee book as CSV (issue 59). The file is checked row by row as the
 * form checks a payee; one bad row imports nothing and each problem is listed by line and column.
 */
export function PayeeFileCard({ canExport }: { canExport: boolean }) {
  const router = useRouter();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pending, start] = useTransition();
  const [done, setDone] = useState<PayeeImport | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const problems = error?.details.find((d) => d.path === "file")?.message.split("\n") ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!file) {
      setError({ code: "invalid_input", message: "Choose a CSV file first.", details: [] });
      return;
    }
    start(async () => {
      const text = await file.text();
      const result = await importPayees({ file: text });
      if (result.ok) {
        setError(null);
        setDone(result.data);
        router.refresh();
      } else setError(result.error);
    });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="payee-import">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Payee file (CSV)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            data-testid="payee-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              setDone(null);
            }}
            className="mt-1.5 block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          />
        </div>
        <Button type="submit" variant="secondary" loading={pending}>
          Import payees
        </Button>
        {canExport ? (
          <a
            href="/payees/export"
            className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
            data-testid="payee-export"
          >
            Download the payee book (CSV)
          </a>
        ) : null}
      </form>
      <FormAlert error={error} />
      {problems.length > 0 ? (
        <ul
          className="max-h-64 list-disc space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-900"
          data-testid="payee-file-problems"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {done ? (
        <div role="status" className="space-y-1 text-sm text-slate-700" data-testid="payee-import-result">
          <p className="font-medium text-slate-900">
            {done.saved.length} {done.saved.length === 1 ? "payee" : "payees"} added
            {done.held.length > 0 ? `, ${done.held.length} waiting for approval` : ""}
            {done.skipped.length > 0 ? `, ${done.skipped.length} already in the book` : ""}.
          </p>
          {done.held.length > 0 ? <p>Waiting for approval: {names(done.held)}.</p> : null}
          {done.skipped.length > 0 ? <p>Already in the book (skipped): {names(done.skipped)}.</p> : null}
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        Columns: name, kind (wallet or bank), currency, then chain and wallet_address for a wallet, or rail, the account
        fields of its currency and the holder (holder_type, names, holder_country) for a bank account. The download has
        every column; start from it.
      </p>
    </div>
  );
}
