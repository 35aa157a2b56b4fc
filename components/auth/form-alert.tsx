"use client";

import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import type { ActionError } from "@/lib/actions/result";

/** Puts a refused action's field messages on their fields (focusing the first); true if any landed. */
export function applyFieldErrors<T extends FieldValues>(
  error: ActionError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let focused = false;
  for (const field of fields) {
    const message = error.details.find((d) => d.path === field)?.message;
    if (!message) continue;
    setError(field, { type: "server", message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}

/** The form-level message in an aria-live region: an error that belongs to no field, or a success note. */
export function FormAlert({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {error ? (
        <div role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <p>{error}</p>
        </div>
      ) : success ? (
        <div role="status" className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800">
          <CheckIcon className="mt-0.5 size-4 shrink-0" />
          <p>{success}</p>
        </div>
      ) : null}
    </div>
  );
}
