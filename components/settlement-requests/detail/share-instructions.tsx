"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { revokePayerLinks } from "@/lib/actions/revoke-payer-links";
import { sharePaymentInstructions } from "@/lib/actions/share-payment-instructions";
import { describeError, type ActionError } from "@/lib/actions/result";
import { formatDateTime } from "@/lib/dashboard/format-date";

/**
 * "Share with the payer": a link to a page with these payment instructions and nothing else of
 * the console, printable, that stops working when the instructions expire.
 */
export function ShareInstructions({ id, canRevoke }: { id: string; canRevoke: boolean }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoked, setRevoked] = useState(false);

  async function revoke() {
    setBusy(true);
    setError(null);
    const result = await revokePayerLinks({ id });
    setBusy(false);
    if (result.ok) {
      setLink(null);
      setRevoked(true);
    } else setError(result.error);
  }

  async function share() {
    setBusy(true);
    setError(null);
    const result = await sharePaymentInstructions({ id });
    setBusy(false);
    if (result.ok) {
      setRevoked(false);
      setLink({ url: new URL(result.data.path, window.location.origin).toString(), expiresAt: result.data.expiresAt });
    }
    else setError(result.error);
  }

  return (
    <Card title="Share with the payer" description="A page with these instructions only: no sign-in, nothing else of the console." data-testid="share-instructions">
      {link ? (
        <div className="space-y-2">
          <div className="flex min-w-0 items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
            <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800" data-testid="instructions-link" title={link.url}>
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
          {revoked ? (
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
