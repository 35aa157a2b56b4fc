"use client";

import { FormProvider, useForm } from "react-hook-form";
import { FormApiCallPreview } from "@/components/forms/form-api-call-preview";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { CreateFormAside } from "@/components/forms/create-form-aside";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { useActionForm, useOpenCreated } from "@/components/forms/use-action-form";
import { HeldPanel } from "@/components/forms/held-panel";
import { Card } from "@/components/ui/card";
import { LazyConfirmProductionDialog as ConfirmProductionDialog } from "@/components/forms/lazy-confirm-production-dialog";
import { createV1Payment } from "@/lib/v1-payments/actions/create-v1-payment";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { STABLECOIN_CHAINS } from "@/lib/schemas/catalog";
import { compactWallet, plainAmount } from "@/lib/dashboard/normalize-input";
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
  const openCreated = useOpenCreated();
  const form = useForm<V1Values, unknown, V1Output>({
    resolver: v1Resolver,
    defaultValues: V1_DEFAULTS,
    mode: "onTouched",
  });
  const { watch, handleSubmit, setError, reset, register } = form;
  const withHolder = watch("with_holder");

  const create = useActionForm({
    locksWhenHeld: true,
    watch: form.watch,
    idempotencyKey: initialKey,
    confirmIn: environment,
    send: (body: V1Body, { key, confirmProduction }) =>
      createV1Payment({ ...body, idempotency_key: key }, { environment, confirmProduction }),
    onSuccess: (result) =>
      openCreated({
        invalidate: queryKeys.v1Payments.all(environment),
        title: result.replayed ? "Payment already created" : "/v1 payment created",
        href: `/v1-payments/${result.data.id}?created=1`,
      }),
    onFields: (error) => applyServerErrors(error, setError, isV1Field, formPath),
    sayWhenOnFields: true,
  });

  const onSubmit = handleSubmit(({ body }) => create.submit(body));

  return (
    <FormProvider {...form}>
      {create.held ? (
        <div className="mb-6">
          <HeldPanel held={create.held} onWithdrawn={create.unhold} />
        </div>
      ) : null}
      <form
        inert={create.held ? true : undefined}
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
                normalize={plainAmount}
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
                normalize={compactWallet}
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
        <CreateFormAside
          form={create}
          label="Create /v1 payment"
          pendingText="Creating the /v1 payment…"
          onStartOver={() => {
            reset(V1_DEFAULTS);
            create.reset();
          }}
          cancelHref="/v1-payments"
          keyName="idempotency_key"
          once="the payment is created once"
        >
          <FormApiCallPreview
            control={form.control}
            toCall={(v) => apiCalls.createV1Payment({ ...toV1Body(v), idempotency_key: create.idempotencyKey })}
          />
        </CreateFormAside>
      </form>
      <ConfirmProductionDialog
        {...create.confirm}
        title="Create in production?"
        description="This reserves real USDC from your production balance."
        summary="v1-payment"
        confirmLabel="Create in production"
      />
    </FormProvider>
  );
}
