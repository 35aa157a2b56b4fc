"use client";

import { AlertIcon, CheckIcon, ClockIcon } from "@/components/ui/icons";
import { describeError, type ActionError } from "@/lib/dashboard/action-result";
import { LimitOffer } from "./limit-offer";

/**
 * The form-level message of a server action, in an aria-live region so a screen reader hears it:
 * a refusal that did not land on a field (role=alert; a 429 says when to retry), or a success
 * note (role=status). While the action runs, `pendingText` is read out (not shown). `titled`
 * puts a heading by kind of error above the message (the forms that call the settlement API).
 */
export function FormAlert({
  error,
  success,
  pending,
  pendingText,
  titled = false,
}: {
  error: ActionError | null;
  success?: string | null;
  pending?: boolean;
  pendingText?: string;
  titled?: boolean;
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {pending && pendingText ? <p className="sr-only">{pendingText}</p> : null}
      {error?.code === "daily_limit_exceeded" && error.submissionId ? (
        <LimitOffer key={error.submissionId} id={error.submissionId} message={error.message} />
      ) : error?.code === "held_for_approval" ? (
        <div
          role="status"
          data-testid="held-for-approval"
          className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        >
          <ClockIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">Waiting for approval</p>
            <p className="mt-0.5 text-amber-800">{error.message}</p>
            {error.submissionId ? (
              <a
                href={`/approvals/${encodeURIComponent(error.submissionId)}`}
                className="mt-1 inline-block font-medium text-amber-900 underline underline-offset-2"
              >
                Follow it on the Approvals page
              </a>
            ) : null}
          </div>
        </div>
      ) : error ? (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            {titled ? (
              <>
                <p className="font-medium">{titleFor(error)}</p>
                <p className="mt-0.5 text-red-700">{describeError(error)}</p>
              </>
            ) : (
              <p>{describeError(error)}</p>
            )}
            <WayForward error={error} />
          </div>
        </div>
      ) : success ? (
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800"
        >
          <CheckIcon className="mt-0.5 size-4 shrink-0" />
          <p>{success}</p>
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

/** What a person can do about a refusal that is not a typing mistake (issue 59): where to go next. */
function WayForward({ error }: { error: ActionError }) {
  if (error.code !== "destination_cooling_off") return null;
  return (
    <p className="mt-1 text-red-700" data-testid="way-forward">
      Pay it once the wait ends, pay a destination already paid before, or ask an administrator to shorten the
      cooling-off period on the{" "}
      <a href="/payees" className="font-medium text-red-900 underline underline-offset-2">
        Payees page
      </a>
      .
    </p>
  );
}
