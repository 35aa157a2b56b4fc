"use client";

import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "./form-alert";
import { IdempotencyKeyNote } from "./idempotency-key-note";
import type { ActionForm } from "./use-action-form";

/**
 * The side column of a page that creates a money movement: the form-level message, the submit
 * button, Start over and Cancel, the Idempotency-Key this submission sends and (`children`)
 * the API call it makes.
 */
export function CreateFormAside({
  form,
  label,
  pendingText,
  onStartOver,
  cancelHref,
  keyName,
  once,
  children,
}: {
  form: ActionForm;
  /** The submit button's label, e.g. "Create disbursement". */
  label: string;
  /** Read out while the action runs. */
  pendingText: string;
  onStartOver: () => void;
  cancelHref: string;
  /** How the API calls the key (a header or a body field). */
  keyName: string;
  /** What the key guarantees: "the payout happens once". */
  once: string;
  children?: ReactNode;
}) {
  return (
    <aside className="min-w-0 space-y-4 xl:sticky xl:top-6 xl:self-start">
      <Card title="Submit">
        <div className="space-y-4">
          <FormAlert error={form.error} pending={form.pending} pendingText={pendingText} titled />
          <Button type="submit" size="lg" className="w-full" loading={form.pending}>
            {form.pending ? "Creating…" : label}
          </Button>
          <div className="flex items-center justify-between gap-2">
            <Button variant="ghost" size="sm" onClick={onStartOver} disabled={form.pending}>
              Start over
            </Button>
            <Link href={cancelHref} className={buttonClasses({ variant: "ghost", size: "sm" })}>
              Cancel
            </Link>
          </div>
          <IdempotencyKeyNote name={keyName} value={form.idempotencyKey} once={once} />
        </div>
      </Card>
      {children}
    </aside>
  );
}
