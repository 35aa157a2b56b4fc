"use client";

import { Skeleton } from "@/components/ui/skeleton";
import type { ReadOnOpen } from "./use-read-on-open";

/** A folded row's content while it loads, or why it did not, with a retry; nothing before it opens or once it is there. */
export function ReadOnOpenState<T>({ state, retry, what }: { state: ReadOnOpen<T>; retry: () => void; what: string }) {
  if (state.status === "loading")
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading the {what}…</span>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-16" />
      </div>
    );
  if (state.status === "failed")
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-red-700">
        The {what} could not be loaded: {state.message}
        <button type="button" onClick={retry} className="font-medium text-accent-700 underline hover:text-accent-800">
          Try again
        </button>
      </p>
    );
  return null;
}
