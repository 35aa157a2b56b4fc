"use client";

import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { editBatchRow } from "@/lib/batches/actions/edit-batch-row";
import type { CellProblem } from "@/lib/batches/rows";
import type { BatchRowView } from "@/lib/batches/types";

/**
 * Corrects one row in place: a field per column of the file, the problems under their cells.
 * Saving checks the row again on the server with the same schemas; it closes once the row is
 * clean, and otherwise shows what is still wrong.
 */
export function FixRowDialog({
  batchId,
  header,
  row,
  onClose,
  onSaved,
}: {
  batchId: string;
  header: string[];
  row: BatchRowView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [cells, setCells] = useState<string[]>(() => header.map((_, i) => row.cells[i] ?? ""));
  const [problems, setProblems] = useState<CellProblem[]>(row.problems);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const formId = `fix-row-${useId()}`;
  const problemOf = (column: string) =>
    problems
      .filter((p) => p.column === column)
      .map((p) => p.message)
      .join("; ") || undefined;
  const elsewhere = problems.filter((p) => !header.includes(p.column));
  // Columns with a problem first, so the fix is at the top.
  const order = header
    .map((column, i) => ({ column, i }))
    .sort((a, b) => Number(!problemOf(b.column)) - Number(!problemOf(a.column)));

  const save = () =>
    start(async () => {
      setError(null);
      const result = await editBatchRow({ batchId, rowNo: row.rowNo, cells });
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      setProblems(result.data.problems);
      onSaved();
      if (result.data.problems.length === 0) onClose();
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Fix row ${row.rowNo}`}
      description={`Line ${row.line} of the file. Saved changes are checked again; the file itself stays as it was uploaded.`}
      size="lg"
      footer={
        <DialogActions cancel="Close">
          <Button type="submit" form={formId} loading={pending} data-testid="save-row">
            Save and check
          </Button>
        </DialogActions>
      }
    >
      <form
        id={formId}
        className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {order.map(({ column, i }) => (
          <Field key={column} label={<span className="font-mono text-xs">{column}</span>} error={problemOf(column)}>
            {(control) => (
              <Input
                {...control}
                name={column}
                value={cells[i]}
                onChange={(event) => {
                  const next = [...cells];
                  next[i] = event.target.value;
                  setCells(next);
                }}
              />
            )}
          </Field>
        ))}
      </form>
      <div aria-live="polite">
        {elsewhere.length > 0 ? (
          <ul className="mt-3 list-disc pl-5 text-sm text-red-800">
            {elsewhere.map((p) => (
              <li key={`${p.column}${p.message}`}>
                {p.column}: {p.message} (add the column to the file to set it)
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
