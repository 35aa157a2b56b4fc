"use client";

import { useEffect, useTransition } from "react";
import { ErrorState } from "@/components/ui/error-state";

/** A section failed to render: say so plainly, keep the shell, offer a retry. Never show raw server messages. */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const [retrying, startRetry] = useTransition();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

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
