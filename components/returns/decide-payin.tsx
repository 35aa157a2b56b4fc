"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ActionError, ActionResult } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatMoney } from "@/lib/money/format";
import { acceptPayin } from "@/lib/returns/actions/accept-payin";
import { returnPayin } from "@/lib/returns/actions/return-payin";
import type { PayinCase, ReturnMode } from "@/lib/returns/cases";
import { acceptMeaning } from "@/lib/returns/labels";

const MODE_LABELS: Record<ReturnMode, string> = { excess: "Return the excess", whole: "Return all that arrived" };

/**
 * One payin's decision (issue 64): return the excess or all of it to the payer (a disbursement,
 * held like any payout where a rule says so), or accept it as it came with a note. Only the
 * controls the person may use are shown (`canReturn`, `canAccept`).
 */
export function DecidePayin({
  found,
  environment,
  canReturn,
  canAccept,
}: {
  found: PayinCase;
  environment: Environment;
  canReturn: boolean;
  canAccept: boolean;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  const [note, setNote] = useState("");
  const [wallet, setWallet] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  const [confirming, setConfirming] = useState<ReturnMode | null>(null);
  const modes = (Object.keys(found.returnable) as ReturnMode[]).filter((m) => found.returnable[m]);
  const who = found.externalId ?? found.requestId;

  const act = <T,>(call: () => Promise<ActionResult<T>>, success: string) =>
    start(async () => {
      const result = await call();
      if (!result.ok) {
        setError(result.error);
        // Held for approval, the payin leaves the queue (and its row with this dialog): the
        // page is refreshed when the dialog closes, after the person has read where it waits.
        if (result.error.code === "held_for_approval") setHeld(true);
        else router.refresh();
      } else {
        // The page is refreshed when the dialog closes: the payin then leaves the queue, and its row with this dialog.
        setError(null);
        setDone(success);
      }
    });

  const sendReturn = (mode: ReturnMode) =>
    act(
      () =>
        returnPayin(
          { settlementRequestId: found.requestId, mode, ...(found.payerWallet ? {} : { walletAddress: wallet }) },
          { environment, confirmProduction: environment === "production" },
        ),
      `Return of ${formatMoney(found.returnable[mode] ?? "0", found.currency)} sent to the payer.`,
    );

  if (!canReturn && !canAccept) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setError(null);
          setConfirming(null);
          if (done || held) router.refresh();
          setHeld(false);
        }
      }}
      trigger={
        <Button size="sm" variant="secondary" data-testid="decide-payin" aria-label={`Decide payin of ${who}`}>
          Decide
        </Button>
      }
      title={`Payin of ${who}`}
      description={
        found.received === null
          ? `Expected ${formatMoney(found.expected, found.currency)}; nothing has arrived yet.`
          : `Expected ${formatMoney(found.expected, found.currency)}, received ${formatMoney(found.received, found.currency)}.`
      }
    >
      {done ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900"
          data-testid="payin-decided"
        >
          {done}
        </p>
      ) : held ? (
        // Where it waits, and nothing to press twice.
        <FormAlert error={error} />
      ) : (
        <div className="space-y-5">
          {canReturn && modes.length > 0 ? (
            <section className="space-y-3" aria-labelledby={`return-${found.requestId}`}>
              <h3 id={`return-${found.requestId}`} className="text-sm font-semibold text-slate-900">
                Return to the payer
              </h3>
              {found.payerWallet ? (
                <p className="text-sm text-slate-600">
                  To <span className="break-all font-mono text-xs">{found.payerWallet}</span>, the address it came from.
                </p>
              ) : (
                <Field label="Payer's wallet address" hint="The service does not know where it came from" required>
                  {(p) => (
                    <Input
                      {...p}
                      value={wallet}
                      onChange={(e) => setWallet(e.target.value)}
                      className="font-mono"
                      autoComplete="off"
                      spellCheck={false}
                      data-testid="return-wallet"
                    />
                  )}
                </Field>
              )}
              {confirming ? (
                <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
                  <p>
                    Pay {formatMoney(found.returnable[confirming] ?? "0", found.currency)} back in production? This
                    sends real stablecoins from your balance.
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                      Not now
                    </Button>
                    <Button size="sm" variant="warning" loading={pending} onClick={() => sendReturn(confirming)}>
                      Pay back in production
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {modes.map((mode) => (
                    <Button
                      key={mode}
                      size="sm"
                      loading={pending}
                      data-testid={`return-${mode}`}
                      onClick={() => (environment === "production" ? setConfirming(mode) : sendReturn(mode))}
                    >
                      {MODE_LABELS[mode]}: {formatMoney(found.returnable[mode] ?? "0", found.currency)}
                    </Button>
                  ))}
                </div>
              )}
            </section>
          ) : canReturn && found.received !== null ? (
            <p className="text-sm text-slate-600">
              A {found.currency} payin is returned to the payer outside the console: the API pays back stablecoins only.
            </p>
          ) : null}
          {canAccept ? (
            <section className="space-y-3 border-t border-slate-100 pt-4" aria-labelledby={`accept-${found.requestId}`}>
              <h3 id={`accept-${found.requestId}`} className="text-sm font-semibold text-slate-900">
                {acceptMeaning(found.kind)}
              </h3>
              {found.kind === "underpaid" ? (
                <p className="text-sm text-slate-600">
                  Accepting a shortfall writes it off: a write-off approval rule may hold it until someone approves.
                </p>
              ) : null}
              <Field label="Note" hint="Why: kept with the decision and in the audit trail" required>
                {(p) => (
                  <Input {...p} value={note} onChange={(e) => setNote(e.target.value)} data-testid="accept-note" />
                )}
              </Field>
              <Button
                size="sm"
                variant="secondary"
                loading={pending}
                data-testid="accept-payin"
                onClick={() =>
                  act(
                    () => acceptPayin({ settlementRequestId: found.requestId, note }),
                    `${acceptMeaning(found.kind)}: recorded.`,
                  )
                }
              >
                Accept
              </Button>
            </section>
          ) : null}
          <FormAlert error={error} />
        </div>
      )}
    </Dialog>
  );
}
