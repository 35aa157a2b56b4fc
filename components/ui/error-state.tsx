"use client";

import { cn } from "@/lib/ui/cn";
import { Button } from "./button";
import { AlertIcon, RefreshIcon } from "./icons";

export type ErrorStateProps = {
  title?: string;
  /** A message safe to show (never a raw server error). */
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  testId?: string;
};

export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  retrying,
  className,
  testId,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        "flex flex-col items-center rounded-[var(--radius-card)] border border-red-200 bg-red-50/50 px-6 py-10 text-center",
        className,
      )}
    >
      <div className="mb-3 grid size-10 place-items-center rounded-full bg-red-100 text-red-700">
        <AlertIcon className="size-5" />
      </div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RefreshIcon className="size-3.5" />}
          Try again
        </Button>
      ) : null}
    </div>
  );
}
