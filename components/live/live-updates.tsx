"use client";

import type { Environment } from "@/lib/dashboard/environment-schema";
import { useLiveUpdates } from "./use-live-updates";

/**
 * Mount on a page that shows settlement requests: it refreshes them when an event about them
 * reaches one of your inboxes (or polls when none is registered). Renders a small status hint.
 */
export function LiveUpdates({ environment }: { environment: Environment }) {
  const mode = useLiveUpdates(environment);
  return (
    <span className="sr-only" data-testid="live-updates" data-mode={mode}>
      {mode === "live" ? "Updates live from your inbox" : mode === "polling" ? "Refreshing periodically" : ""}
    </span>
  );
}
