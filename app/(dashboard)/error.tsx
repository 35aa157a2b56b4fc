"use client";

import { useEffect, useTransition } from "react";
import { useDatabaseWatch } from "@/components/ops/use-database-watch";
import { ErrorState } from "@/components/ui/error-state";

/**
 * A section failed to render: say so plainly, keep the shell, offer a retry. Never show raw server
 * messages. When the cause is the database being away, say that, keep checking, and load the
 * section again by itself once it answers (issue 49).
 */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const [retrying, startRetry] = useTransition();
  const database = useDatabaseWatch(() => startRetry(() => retry()));
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  if (database === "unreachable")
    return (
      <ErrorState
        title="The database is unreachable, retrying"
        message="The console cannot reach its database right now. Nothing you submitted was half-saved. This page checks every few seconds and comes back by itself."
        onRetry={() => startRetry(() => retry())}
        retrying={retrying}
        className="mt-4"
        testId="database-unreachable"
      />
    );
  return (
    <ErrorState
      title="This page could not be loaded"
      message={`The console could not load this section. Your data is safe; try again in a moment.${digest ? ` Reference: ${digest}` : ""}`}
      onRetry={() => startRetry(() => retry())}
      retrying={retrying}
      className="mt-4"
    />
  );
}
