"use client";

import type { ActionError } from "@/lib/actions/result";
import { describeError } from "@/lib/actions/result";
import { AlertIcon } from "@/components/ui/icons";

/**
 * The form-level message, in an aria-live region so a screen reader hears it: an API or
 * network error that did not land on a field, or a 429 with when to retry.
 */
export function FormStatus({ error, pending, pendingText }: { error: ActionError | null; pending?: boolean; pendingText?: string }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {pending && pendingText ? <p className="sr-only">{pendingText}</p> : null}
      {error ? (
        <div role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">{titleFor(error)}</p>
            <p className="mt-0.5 text-red-700">{describeError(error)}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function titleFor(error: ActionError): string {
  switch (error.code) {
    case "rate_limit_exceeded":
      return "Slow down";
    case "network_error":
      return "Could not reach the settlement API";
    case "validation_error":
    case "invalid_input":
      return "Some fields need attention";
    case "environment_mismatch":
      return "Environment changed";
    default:
      return "The request was refused";
  }
}
