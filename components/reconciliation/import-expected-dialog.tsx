"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { UploadIcon } from "@/components/ui/icons";
import { importExpectedSettlements } from "@/lib/reconciliation/actions/import-expected-settlements";
import type { ActionError } from "@/lib/dashboard/action-result";
import { MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_LABEL } from "@/lib/reconciliation/import-limits";
import type { LateNotice } from "@/lib/reconciliation/late-notices";
import { LateNoticeList } from "./late-notice-list";

const EXAMPLE = "direction,amount,currency,tolerance_abs,tolerance_pct,window_start,window_end,counterparty,reference";

/** Imports expected settlements from a CSV file: all rows or none, each problem named by line and column. */
export function ImportExpectedDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [imported, setImported] = useState<{ count: number; late: LateNotice[] } | null>(null);
  const [pending, start] = useTransition();

  const send = () =>
    start(async () => {
      if (!file) {
        setError({ code: "invalid_input", message: "Choose a CSV file first.", details: [] });
        return;
      }
      if (file.size > MAX_IMPORT_BYTES) {
        setError({
          code: "invalid_input",
          message: `The file is larger than ${MAX_IMPORT_SIZE_LABEL}: split the month into several files.`,
          details: [],
        });
        return;
      }
      const result = await importExpectedSettlements({ csv: await file.text() });
      if (!result.ok) setError(result.error);
      else {
        setError(null);
        setImported({ count: result.data.imported, late: result.data.late });
        router.refresh();
      }
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFile(null);
          setError(null);
          setImported(null);
        }
      }}
      trigger={
        <Button variant="secondary" data-testid="import-expected">
          <UploadIcon /> Import CSV
        </Button>
      }
      title={imported === null ? "Import expected settlements" : "Imported"}
      description={
        imported === null
          ? "One row per expected settlement. Every row is checked first: one bad row and nothing is imported."
          : undefined
      }
      footer={
        imported === null ? (
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={send} loading={pending} data-testid="import-expected-submit">
              Import
            </Button>
          </>
        ) : (
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        )
      }
    >
      {imported !== null ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700" role="status" data-testid="import-expected-done">
            {imported.count.toLocaleString("en-US")} expected settlement{imported.count === 1 ? "" : "s"} imported. Run
            matching to find their payments.
          </p>
          <LateNoticeList notices={imported.late} />
        </div>
      ) : (
        <div className="space-y-4">
          <label className="block text-sm font-medium text-slate-800">
            CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              data-testid="import-expected-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
          </label>
          <div className="text-xs text-slate-600">
            <p>The header names the columns (any order; direction, tolerances, counterparty and reference optional):</p>
            <code className="mt-1 block overflow-x-auto rounded bg-slate-50 px-2 py-1.5 font-mono text-[11px] text-slate-700">
              {EXAMPLE}
            </code>
          </div>
          {error ? (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-900"
              data-testid="import-problems"
            >
              <p className="font-medium">{error.message}</p>
              {error.details.length > 0 ? (
                <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-red-800">
                  {error.details.slice(0, 20).map((d) => (
                    <li key={d.message}>{d.message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
