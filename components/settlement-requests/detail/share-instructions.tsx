"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { revokePayerLinks } from "@/lib/pay/actions/revoke-payer-links";
import { sharePaymentInstructions } from "@/lib/pay/actions/share-payment-instructions";
import { describeError, type ActionError, type ActionResult } from "@/lib/dashboard/action-result";
import { formatDateTime } from "@/lib/dashboard/format-date";

/**
 * "Share with the payer": a link to a page with these payment instructions and nothing else of
 * the console, printable, that stops working when the instructions expire.
 */
export function ShareInstructions({ id, canRevoke }: { id: string; canRevoke: boolean }) {
  const [shown, setShown] = useState<{ url: string; expiresAt: string } | "withdrawn" | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [busy, setBusy] = useState(false);
  const link = shown === "withdrawn" ? null : shown;

  /** Sends one action; on success what the card shows next. */
  async function run<T>(call: () => Promise<ActionResult<T>>, next: (data: T) => typeof shown) {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.ok) setShown(next(result.data));
    else setError(result.error);
  }
  const share = () =>
    run(
      () => sharePaymentInstructions({ id }),
      (data) => ({ url: new URL(data.path, window.location.origin).toString(), expiresAt: data.expiresAt }),
    );
  const revoke = () =>
    run(
      () => revokePayerLinks({ id }),
      () => "withdrawn",
    );

  return (
    <Card
      title="Share with the payer"
      description="A page with these instructions only: no sign-in, nothing else of the console."
      data-testid="share-instructions"
    >
      {link ? (
        <div className="space-y-2">
          <div className="flex min-w-0 items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
            <span
              className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800"
              data-testid="instructions-link"
              title={link.url}
            >
              {link.url}
            </span>
            <CopyButton value={link.url} label="Copy link" />
          </div>
          <p className="text-xs text-slate-600">
            Works until {formatDateTime(link.expiresAt)}, when the instructions expire.{" "}
            <a href={link.url} target="_blank" rel="noreferrer" className="font-medium text-accent-700 hover:underline">
              Open the page<span className="sr-only"> (new tab)</span>
            </a>{" "}
            to print it or save it as a PDF.
          </p>
          {canRevoke ? (
            <Button variant="ghost" size="sm" onClick={() => void revoke()} loading={busy}>
              Withdraw links already sent
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="space-y-2">
          {shown === "withdrawn" ? (
            <p role="status" className="text-sm text-slate-700">
              Every link made so far is withdrawn: the payer sees that the instructions were withdrawn.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void share()} loading={busy}>
              Get a link for the payer
            </Button>
            {canRevoke ? (
              <Button variant="ghost" size="sm" onClick={() => void revoke()} disabled={busy}>
                Withdraw links already sent
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(error)}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
