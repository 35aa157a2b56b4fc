"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { updateSettlementRequest } from "@/lib/settlement-requests/actions/update-settlement-request";
import { ActionFailure, describeError } from "@/lib/dashboard/action-result";
import { movesFrom, type ClientMove } from "@/lib/dashboard/client-moves";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { humanizeStatus } from "@/components/ui/status-tone";
import { transactionHashProblem } from "@/lib/validators/transaction-hash";

/** The PUT moves allowed from the current status, each confirmed in a dialog (with a txHash where it applies). */
export function ClientMovesCard({
  environment,
  id,
  status,
  chains,
}: {
  environment: Environment;
  id: string;
  status: string;
  /** The chain of the payer's payment (funds sent) and of the payout (completing), when on a chain: a hash must fit it. */
  chains: { inbound: string | null; outbound: string | null };
}) {
  const moves = movesFrom(status);
  const [move, setMove] = useState<ClientMove | null>(null);
  const [txHash, setTxHash] = useState("");
  const [hashProblem, setHashProblem] = useState<string | null>(null);
  const mutation = useActionMutation({
    environment,
    action: updateSettlementRequest,
    invalidate: [queryKeys.settlementRequests.all(environment), queryKeys.payments.all(environment)],
    // The request as the API answered: its status shows at once.
    resultKey: queryKeys.settlementRequests.detail(environment, id),
    success: (r) => `Request is now ${humanizeStatus(r.status)}`,
  });
  const error = mutation.error instanceof ActionFailure ? mutation.error : null;

  function open(m: ClientMove) {
    mutation.reset();
    setTxHash("");
    setHashProblem(null);
    setMove(m);
  }

  function submit() {
    if (!move) return;
    const hash = txHash.trim();
    const chain = move.to === "FUNDS_SENT" ? chains.inbound : chains.outbound;
    const problem = move.txHash && hash && chain ? transactionHashProblem(chain, hash) : null;
    setHashProblem(problem ? `Transaction hash ${problem}` : null);
    if (problem) return;
    mutation.mutate(
      { id, body: { status: move.to, ...(move.txHash && hash ? { txHash: hash } : {}) } },
      { onSuccess: () => setMove(null) },
    );
  }

  return (
    <Card title="Actions" description="Moves a client may make from the current status">
      {moves.length === 0 ? (
        <p className="text-sm text-slate-500">No client moves from {humanizeStatus(status)}.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {moves.map((m) => (
            <Button key={m.to} variant={m.tone} size="sm" onClick={() => open(m)}>
              {m.label}
            </Button>
          ))}
        </div>
      )}
      <Dialog
        open={move !== null}
        onOpenChange={(o) => !o && setMove(null)}
        title={move ? `${move.label}?` : ""}
        description={move ? `${move.help}${environment === "production" ? " This is production." : ""}` : undefined}
        footer={
          <DialogActions cancel="Back">
            <Button
              variant={environment === "production" ? "warning" : move?.tone === "danger" ? "danger" : "primary"}
              loading={mutation.isPending}
              onClick={submit}
            >
              {move?.label}
            </Button>
          </DialogActions>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          className="space-y-3"
        >
          {move?.txHash ? (
            <Field
              label="Transaction hash"
              hint="Optional"
              error={hashProblem ?? error?.details.find((d) => d.path.endsWith("txHash"))?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  value={txHash}
                  onChange={(e) => setTxHash(e.target.value)}
                  className="font-mono"
                  autoComplete="off"
                />
              )}
            </Field>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(error)}
            </p>
          ) : null}
        </form>
      </Dialog>
    </Card>
  );
}
