"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FlaskIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { humanizeStatus, statusOptions } from "@/components/ui/status-tone";
import { ActionFailure, describeError } from "@/lib/dashboard/action-result";
import { simulatePaymentStatus } from "@/lib/payments/actions/simulate-payment-status";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { formatMoney } from "@/lib/money/format";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/state-machine/statuses";
import type { Payment } from "@/lib/schemas/payment";
import { isDecimalString } from "@/lib/money/decimal";
import { isPaymentStatus } from "./list-filters";

type FieldErrors = Partial<Record<"status" | "failure_reason" | "amount", string>>;

/**
 * Sandbox only: set the payment to any status. FAILED needs a reason; an inbound payment
 * marked COMPLETED may say how much arrived, to simulate an amount mismatch. Those two rules are
 * checked here without zod (this page's first-load JS stays under budget); the service
 * validates with its schema again, and its field errors land on the fields too.
 */
export function PaymentStatusControl({ environment, payment }: { environment: Environment; payment: Payment }) {
  const [status, setStatus] = useState<PaymentStatus>(payment.type === "PAYIN" ? "COMPLETED" : "SENT");
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useActionMutation({
    environment,
    action: simulatePaymentStatus,
    invalidate: [queryKeys.payments.all(environment), queryKeys.settlementRequests.all(environment)],
    success: (p) => `Simulated: payment is ${humanizeStatus(p.status).toLowerCase()}`,
  });
  const inbound = payment.type === "PAYIN";
  const takesAmount = inbound && status === "COMPLETED";
  const serverError = mutation.error instanceof ActionFailure ? mutation.error : null;
  const serverField = (name: string) => serverError?.details.find((d) => d.path.endsWith(name))?.message;

  function submit() {
    const next: FieldErrors = {};
    if (status === "FAILED" && reason.trim() === "") next.failure_reason = "Required when status is FAILED";
    if (takesAmount && amount.trim() !== "" && (!isDecimalString(amount.trim()) || amount.trim().startsWith("-"))) {
      next.amount = "Must be a decimal amount of 0 or more, e.g. 100.50";
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({
      id: payment.id,
      body: {
        status,
        ...(reason.trim() ? { failure_reason: reason.trim() } : {}),
        ...(takesAmount && amount.trim() ? { amount: amount.trim() } : {}),
      },
    });
  }

  return (
    <Card
      title={
        <span className="inline-flex items-center gap-2">
          <FlaskIcon className="size-4 text-accent-600" /> Set status
        </span>
      }
      description={
        payment.settlement_request_id
          ? "Propagates to the settlement request, with its webhooks"
          : "Fires webhooks like a real move"
      }
      actions={<Badge tone="accent">Sandbox</Badge>}
      data-testid="payment-status-control"
    >
      <form
        noValidate
        aria-label="Set payment status"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="New status" error={errors.status}>
          {(p) => (
            <Select
              {...p}
              value={status}
              onChange={(e) => isPaymentStatus(e.target.value) && setStatus(e.target.value)}
              options={statusOptions(PAYMENT_STATUSES)}
            />
          )}
        </Field>
        {takesAmount ? (
          <Field
            label="Amount received"
            hint={`Instructed ${formatMoney(payment.source.amount, payment.source.currency)}. Another amount is a mismatch.`}
            error={errors.amount ?? serverField("amount")}
          >
            {(p) => (
              <Input
                {...p}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                numeric
                placeholder={payment.source.amount}
              />
            )}
          </Field>
        ) : null}
        <Field
          label="Failure reason"
          hint={status === "FAILED" ? "Required for FAILED" : "Optional"}
          required={status === "FAILED"}
          error={errors.failure_reason ?? serverField("failure_reason")}
        >
          {(p) => <Input {...p} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
        </Field>
        <div aria-live="polite">
          {serverError ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(serverError)}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="sm" loading={mutation.isPending}>
          Apply status
        </Button>
      </form>
    </Card>
  );
}
