"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormApiCallPreview } from "@/components/forms/form-api-call-preview";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { FormStatus } from "@/components/forms/form-status";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmProductionDialog as ConfirmProductionDialog } from "@/components/forms/lazy-confirm-production-dialog";
import { IdempotencyKeyNote } from "@/components/forms/idempotency-key-note";
import { useToast } from "@/components/ui/toast";
import { createV1Payment } from "@/lib/actions/create-v1-payment";
import type { ActionError } from "@/lib/actions/result";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { newIdempotencyKey } from "@/lib/dashboard/form-values";
import { idempotencyKeyIsSpent, keyForSubmission } from "@/lib/dashboard/idempotency";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { STABLECOIN_CHAINS } from "@/lib/schemas/catalog";
import {
  V1_DEFAULTS,
  formPath,
  isV1Field,
  toV1Body,
  v1Resolver,
  type V1Body,
  type V1Output,
  type V1Values,
} from "./v1-form-values";

/**
 * POST /v1/payments (LIQUIDITY, USDC). The body's idempotency_key is made once per intended
 * submission and reused by retries, so a double click reserves the amount once.
 */
export function V1PaymentForm({ environment, initialKey }: { environment: Environment; initialKey: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useForm<V1Values, unknown, V1Output>({
    resolver: v1Resolver,
    defaultValues: V1_DEFAULTS,
    mode: "onTouched",
  });
  const { watch, handleSubmit, setError, reset, register } = form;
  const withHolder = watch("with_holder");

  const [idempotencyKey, setIdempotencyKey] = useState(initialKey);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setFormError] = useState<ActionError | null>(null);
  const [confirmBody, setConfirmBody] = useState<V1Body | null>(null);

  async function send(body: V1Body, confirmProduction: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const key = keyForSubmission(idempotencyKey, body, newIdempotencyKey);
      if (key !== idempotencyKey) setIdempotencyKey(key);
      const result = await createV1Payment(
        { ...body, idempotency_key: key },
        { environment, confirmProduction },
      );
      if (result.ok) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.v1Payments.all(environment) });
        toast({ title: result.replayed ? "Payment already created" : "/v1 payment created", tone: "success" });
        router.push(`/legacy/${result.data.id}?created=1`);
        return;
      }
      const unmatched = applyServerErrors(result.error, setError, isV1Field, formPath);
      setFormError(
        unmatched.length > 0 || result.error.details.length === 0
          ? result.error
          : { ...result.error, message: "Check the highlighted fields." },
      );
      if (idempotencyKeyIsSpent(result.error)) setIdempotencyKey(newIdempotencyKey());
    } finally {
      if (inFlight.current) {
        inFlight.current = false;
        setBusy(false);
      }
    }
  }

  const onSubmit = handleSubmit(async ({ body }) => {
    if (environment === "production") setConfirmBody(body);
    else await send(body, false);
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New /v1 payment"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="space-y-6">
          <Card
            title="Liquidity payment"
            description="USDC to a wallet, reserved from your balance until the incoming wire is notified"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField<V1Values>
                name="amount"
                label="Amount (USDC)"
                hint="Greater than 0, at most 6 decimals"
                required
                inputMode="decimal"
                numeric
              />
              <SelectField<V1Values>
                name="chain"
                label="Chain"
                required
                options={STABLECOIN_CHAINS.USDC.map((c) => ({ value: c, label: railLabel(c) }))}
              />
              <TextField<V1Values>
                name="destination_wallet"
                label="Destination wallet"
                hint="Checked against the chain's address format"
                required
                autoComplete="off"
                spellCheck={false}
                inputClassName="font-mono"
                className="sm:col-span-2"
              />
            </div>
          </Card>
          <Card title="Account holder" description="Optional: the person the liquidity is for">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-accent-600"
                {...register("with_holder")}
              />
              Add an account holder
            </label>
            {withHolder ? (
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <TextField<V1Values> name="holder.first_name" label="First name" required autoComplete="off" />
                <TextField<V1Values> name="holder.last_name" label="Last name" required autoComplete="off" />
                <TextField<V1Values>
                  name="holder.email"
                  label="Email"
                  type="email"
                  autoComplete="off"
                  className="sm:col-span-2"
                />
              </div>
            ) : null}
          </Card>
        </div>
        <aside className="min-w-0 space-y-4 xl:sticky xl:top-6 xl:self-start">
          <Card title="Submit">
            <div className="space-y-4">
              <FormStatus error={error} pending={busy} pendingText="Creating the /v1 payment…" />
              <Button type="submit" size="lg" className="w-full" loading={busy}>
                {busy ? "Creating…" : "Create /v1 payment"}
              </Button>
              <div className="flex items-center justify-between gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    reset(V1_DEFAULTS);
                    setIdempotencyKey(newIdempotencyKey());
                    setFormError(null);
                  }}
                >
                  Start over
                </Button>
                <Link href="/legacy" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                  Cancel
                </Link>
              </div>
              <IdempotencyKeyNote name="idempotency_key" value={idempotencyKey} once="the payment is created once" />
            </div>
          </Card>
          <FormApiCallPreview control={form.control} toCall={(v) => apiCalls.createV1Payment({ ...toV1Body(v), idempotency_key: idempotencyKey })} />
        </aside>
      </form>
      <ConfirmProductionDialog
        pending={confirmBody}
        onDismiss={() => setConfirmBody(null)}
        onConfirm={(body) => void send(body, true)}
        title="Create in production?"
        description="This reserves real USDC from your production balance."
        summary="v1-payment"
        confirmLabel="Create in production"
      />
    </FormProvider>
  );
}
