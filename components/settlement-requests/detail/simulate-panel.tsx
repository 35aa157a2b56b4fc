"use client";

import { useState } from "react";
import { ApiCallPreview } from "@/components/forms/api-call-preview";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FlaskIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { humanizeStatus, statusOptions } from "@/components/ui/status-tone";
import { simulatePaymentStatus } from "@/lib/payments/actions/simulate-payment-status";
import { simulateSettlementRequestStatus } from "@/lib/settlement-requests/actions/simulate-settlement-request-status";
import { ActionFailure, describeError } from "@/lib/dashboard/action-result";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { PAYMENT_STATUSES, SANDBOX_SETTLEMENT_STATUSES, FAILURE_CODES } from "@/lib/state-machine/statuses";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { copyableAmount, formatMoney } from "@/lib/money/format";
import { quickMoves } from "./simulate-moves";

const FAILURE_STATUSES = new Set([
  "PAYIN_FAILED",
  "PAYOUT_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
  "PAYIN_CANCELED",
  "PAYOUT_CANCELED",
  "REQUEST_CANCELED",
]);

/** Sandbox only: force a request status, or an outcome of its inbound or outbound payment. */
export function SimulatePanel({ environment, request }: { environment: Environment; request: SettlementRequest }) {
  const invalidate = [queryKeys.settlementRequests.all(environment), queryKeys.payments.all(environment)];
  const requestMutation = useActionMutation({
    environment,
    action: simulateSettlementRequestStatus,
    invalidate,
    // The request as the sandbox answered: its status shows at once.
    resultKey: queryKeys.settlementRequests.detail(environment, request.id),
    success: (r) => `Simulated: request is ${humanizeStatus(r.status)}`,
  });
  const paymentMutation = useActionMutation({
    environment,
    action: simulatePaymentStatus,
    invalidate,
    success: (p) => `Simulated: ${p.type === "PAYIN" ? "inbound" : "outbound"} payment is ${humanizeStatus(p.status)}`,
  });

  const [status, setStatus] = useState<string>("FUNDS_RECEIVING_LATE");
  const [reason, setReason] = useState("");
  const [code, setCode] = useState("");
  const [payment, setPayment] = useState<"in" | "out">("in");
  const [paymentStatus, setPaymentStatus] = useState<string>("COMPLETED");
  const [received, setReceived] = useState("");
  const [paymentReason, setPaymentReason] = useState("");

  const inbound = request.inbound_payment;
  const outbound = request.outbound_payment;
  const target = payment === "in" ? inbound : outbound;
  const pending = requestMutation.isPending || paymentMutation.isPending;
  const err = (e: unknown) => (e instanceof ActionFailure ? e : null);
  const requestError = err(requestMutation.error);
  const paymentError = err(paymentMutation.error);

  const paymentBody = {
    status: paymentStatus,
    ...(paymentReason.trim() ? { failure_reason: paymentReason.trim() } : {}),
    ...(payment === "in" && paymentStatus === "COMPLETED" && received.trim() ? { amount: received.trim() } : {}),
  } as Parameters<typeof simulatePaymentStatus>[0]["body"];
  const requestBody = {
    status,
    ...(reason.trim() ? { failure_reason: reason.trim() } : {}),
    ...(status === "PAYIN_AMOUNT_MISMATCH" && code ? { failure_code: code } : {}),
  } as Parameters<typeof simulateSettlementRequestStatus>[0]["body"];

  const moves = quickMoves(request);
  const reasons = [...new Set(moves.map((m) => m.why).filter((why): why is string => why !== null))];

  return (
    <Card
      title={
        <span className="inline-flex items-center gap-2">
          <FlaskIcon className="size-4 text-accent-600" /> Simulate
        </span>
      }
      description="Sandbox only: moves fire webhooks like real ones"
      actions={<Badge tone="accent">Sandbox</Badge>}
      data-testid="simulate-panel"
    >
      <div className="space-y-6">
        <section aria-labelledby="sim-quick">
          <h3 id="sim-quick" className="mb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Payment outcomes
          </h3>
          <div className="flex flex-wrap gap-2">
            {moves.map((m) => (
              <Button
                key={m.label}
                variant="secondary"
                size="sm"
                disabled={pending || m.why !== null}
                title={m.why ?? undefined}
                onClick={() =>
                  paymentMutation.mutate({ id: m.payment === "in" ? inbound.id : outbound.id, body: { status: m.to } })
                }
              >
                {m.label}
              </Button>
            ))}
          </div>
          {reasons.length > 0 ? (
            <ul className="mt-2 space-y-0.5 text-xs text-slate-500" data-testid="quick-move-reasons">
              {reasons.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </ul>
          ) : null}
        </section>

        <form
          aria-labelledby="sim-payment"
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            paymentMutation.mutate({ id: target.id, body: paymentBody });
          }}
        >
          <h3 id="sim-payment" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            A payment
          </h3>
          <div className="grid gap-3">
            <Field label="Payment">
              {(p) => (
                <Select
                  {...p}
                  value={payment}
                  onChange={(e) => setPayment(e.target.value === "out" ? "out" : "in")}
                  options={[
                    { value: "in", label: `Inbound (${humanizeStatus(inbound.status)})` },
                    { value: "out", label: `Outbound (${humanizeStatus(outbound.status)})` },
                  ]}
                />
              )}
            </Field>
            <Field label="Status">
              {(p) => (
                <Select
                  {...p}
                  value={paymentStatus}
                  onChange={(e) => setPaymentStatus(e.target.value)}
                  options={statusOptions(PAYMENT_STATUSES)}
                />
              )}
            </Field>
            {payment === "in" && paymentStatus === "COMPLETED" ? (
              <Field
                label="Amount received"
                hint={`Instructed: ${formatMoney(inbound.amount, inbound.currency)}. A different amount is a mismatch.`}
              >
                {(p) => (
                  <Input
                    {...p}
                    value={received}
                    onChange={(e) => setReceived(e.target.value)}
                    inputMode="decimal"
                    numeric
                    placeholder={copyableAmount(inbound.amount, inbound.currency)}
                  />
                )}
              </Field>
            ) : null}
            <Field
              label="Failure reason"
              hint={paymentStatus === "FAILED" ? "Required for FAILED" : "Optional"}
              error={paymentError?.details.find((d) => d.path.endsWith("failure_reason"))?.message}
            >
              {(p) => <Input {...p} value={paymentReason} onChange={(e) => setPaymentReason(e.target.value)} />}
            </Field>
          </div>
          {paymentError ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(paymentError)}
            </p>
          ) : null}
          <Button type="submit" size="sm" loading={paymentMutation.isPending}>
            Apply to payment
          </Button>
          <ApiCallPreview call={apiCalls.simulatePaymentStatus(target.id, paymentBody)} />
        </form>

        <form
          aria-labelledby="sim-request"
          className="space-y-3 border-t border-slate-100 pt-5"
          onSubmit={(e) => {
            e.preventDefault();
            requestMutation.mutate({ id: request.id, body: requestBody });
          }}
        >
          <h3 id="sim-request" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Request status
          </h3>
          <div className="grid gap-3">
            <Field label="New status">
              {(p) => (
                <Select
                  {...p}
                  value={status}
                  onChange={(e) => setStatus(e.target.value)}
                  options={statusOptions(SANDBOX_SETTLEMENT_STATUSES)}
                />
              )}
            </Field>
            {status === "PAYIN_AMOUNT_MISMATCH" ? (
              <Field label="Failure code">
                {(p) => (
                  <Select
                    {...p}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    placeholder="None"
                    options={FAILURE_CODES}
                  />
                )}
              </Field>
            ) : null}
            <Field label="Failure reason" hint={FAILURE_STATUSES.has(status) ? "Shown on the request" : "Optional"}>
              {(p) => <Input {...p} value={reason} onChange={(e) => setReason(e.target.value)} />}
            </Field>
          </div>
          {requestError ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(requestError)}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="secondary" loading={requestMutation.isPending}>
            Set request status
          </Button>
          <ApiCallPreview call={apiCalls.simulateSettlementRequestStatus(request.id, requestBody)} />
        </form>
      </div>
    </Card>
  );
}
