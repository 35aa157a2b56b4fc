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
import { createSettlementRequest } from "@/lib/settlement-requests/actions/create-settlement-request";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { countriesFor, railLabel, railsFor } from "@/lib/dashboard/routes";
import { PAYMENT_REASONS, SETTLEMENT_TYPES, type SettlementType } from "@/lib/schemas/catalog";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { humanizeStatus } from "@/components/ui/status-tone";
import { compactWallet, plainAmount } from "@/lib/dashboard/normalize-input";
import { BeneficiaryFields } from "@/components/destination/beneficiary-fields";
import { destinationShape } from "@/components/destination/destination-values";
import {
  amountOnDestination,
  asksForSource,
  defaultSource,
  defaultsFor,
  sourceCurrencies,
  switchType,
  takesCryptoSource,
  withSourceCurrency,
  toCreateBody,
  type BuilderValues,
} from "./builder-values";
import { DestinationFields } from "./destination-fields";
import type { PayeeView } from "@/lib/approvals/types";
import { MetadataEditor } from "./metadata-editor";
import { builderResolver, formPathFor, preloadBuilderSchema, type BuilderOutput } from "./resolver";

const TYPE_LABELS: Record<SettlementType, string> = {
  STABLECOIN_TO_FIAT: "Stablecoin → fiat (off-ramp)",
  FIAT_TO_STABLECOIN: "Fiat → stablecoin (on-ramp)",
  STABLECOIN_TO_STABLECOIN: "Stablecoin → stablecoin",
  FIAT_TO_FIAT: "Fiat → fiat",
};

const TOP_LEVEL_FIELDS = new Set(["type", "payment_reason", "amount", "external_id", "reconciliation_expected_at"]);
/** Whether an error path names an input of the form (else it goes to the form-level message). */
const isFieldName = (path: string) => TOP_LEVEL_FIELDS.has(path) || (path.includes(".") && !path.endsWith(".root"));

/**
 * The new settlement request builder. One Idempotency-Key per intended submission: made when
 * the form opens (or is reset), reused by every retry of the same body, so a double click or
 * a retry after a network failure creates one request.
 */
export function SettlementRequestBuilder({
  environment,
  initial,
  initialKey,
  quotedDestinationAmount = "",
  payees = [],
}: {
  environment: Environment;
  /** The environment's payee book: a saved wallet fills a stablecoin destination. */
  payees?: PayeeView[];
  initial: BuilderValues;
  /** From a quote: what the recipient was quoted to get for the prefilled amount. */
  quotedDestinationAmount?: string;
  /** Made by the server page when the form is opened (the same in the HTML and after hydration). */
  initialKey: string;
}) {
  const openCreated = useOpenCreated();
  const form = useForm<BuilderValues, unknown, BuilderOutput>({
    resolver: builderResolver,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { watch, setValue, getValues, reset, handleSubmit, setError } = form;
  const type = watch("type");
  const sourceCurrency = watch("source.currency");
  const destinationCurrency = watch("destination.currency");
  const destinationRail = watch("destination.rail");
  const implicitSource = defaultSource(type, { currency: destinationCurrency, rail: destinationRail });
  const payerCurrency = implicitSource?.currency ?? sourceCurrency;
  const fiatDestination = destinationShape(destinationCurrency) !== "CRYPTO";

  const create = useActionForm({
    locksWhenHeld: true,
    watch: form.watch,
    idempotencyKey: initialKey,
    confirmIn: environment,
    send: (body: SettlementRequestCreateInput, { key, confirmProduction }) =>
      createSettlementRequest({ idempotencyKey: key, body }, { environment, confirmProduction }),
    onSuccess: (result) =>
      openCreated({
        invalidate: queryKeys.settlementRequests.all(environment),
        title: result.replayed ? "Request already created" : "Settlement request created",
        href: `/settlement-requests/${result.data.id}?created=1`,
      }),
    onFields: (error) =>
      applyServerErrors(error, setError, isFieldName, (p) => formPathFor(p, getValues("metadata_rows"))),
    sayWhenOnFields: true,
  });

  const onSubmit = handleSubmit(({ body }) => create.submit(body));

  function startOver() {
    reset(defaultsFor(getValues("type")));
    create.reset();
  }

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
        onFocus={preloadBuilderSchema}
        noValidate
        aria-label="New settlement request"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="space-y-6">
          <Card title="Type and amount">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField<BuilderValues>
                name="type"
                label="Type"
                required
                hint={
                  type === "STABLECOIN_TO_STABLECOIN"
                    ? "Here the payer sends the destination's stablecoin; no conversion"
                    : undefined
                }
                options={SETTLEMENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                onValueChange={(next) =>
                  reset(switchType(getValues(), next as SettlementType), { keepDefaultValues: true })
                }
              />
              <SelectField<BuilderValues>
                name="payment_reason"
                label="Payment reason"
                required
                options={PAYMENT_REASONS.map((r) => ({ value: r, label: humanizeStatus(r) }))}
              />
              {amountOnDestination(type) ? (
                <TextField<BuilderValues>
                  name="destination.amount"
                  label={`Amount the recipient gets (${destinationCurrency})`}
                  hint="The stablecoin amount to send comes from the quote"
                  required
                  inputMode="decimal"
                  numeric
                  normalize={plainAmount}
                />
              ) : (
                <TextField<BuilderValues>
                  name="amount"
                  label={`Amount the payer sends (${payerCurrency})`}
                  hint={
                    quotedDestinationAmount && destinationCurrency === initial.destination.currency
                      ? `Quoted: the recipient gets about ${quotedDestinationAmount} ${destinationCurrency}; the request prices at creation`
                      : `In ${payerCurrency}, at its precision; the recipient's amount follows from the rate`
                  }
                  required
                  inputMode="decimal"
                  numeric
                  normalize={plainAmount}
                />
              )}
            </div>
          </Card>

          {asksForSource(type) ? (
            <Card
              title="Source"
              description={
                takesCryptoSource(type) ? "The wallet the stablecoin is sent from" : "Where the fiat is paid in from"
              }
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField<BuilderValues>
                  name="source.currency"
                  label="Currency"
                  required
                  options={sourceCurrencies(type)}
                  onValueChange={(next) => setValue("source", withSourceCurrency(next))}
                />
                <SelectField<BuilderValues>
                  name="source.rail"
                  label={takesCryptoSource(type) ? "Chain" : "Rail"}
                  required
                  options={railsFor(sourceCurrency).map((r) => ({ value: r, label: railLabel(r) }))}
                />
                {takesCryptoSource(type) ? (
                  <TextField<BuilderValues>
                    name="source.wallet_address"
                    label="Sending wallet address"
                    normalize={compactWallet}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    inputClassName="font-mono"
                    className="sm:col-span-2"
                  />
                ) : (
                  <SelectField<BuilderValues>
                    name="source.country_code"
                    label="Country"
                    required
                    options={countriesFor(sourceCurrency)}
                  />
                )}
              </div>
            </Card>
          ) : implicitSource ? (
            <Card title="Source" description="Not chosen here: the service's default for this type">
              <p className="text-sm text-slate-700" data-testid="default-source">
                The payer sends <strong>{implicitSource.currency}</strong> over{" "}
                <strong>{railLabel(implicitSource.rail)}</strong>
                {implicitSource.country_code ? (
                  <>
                    {" "}
                    from <strong>{implicitSource.country_code}</strong>
                  </>
                ) : null}
                {type === "STABLECOIN_TO_STABLECOIN"
                  ? " (the destination's stablecoin, on the same chain)."
                  : " (USD over ACH from the US)."}
              </p>
              {type === "STABLECOIN_TO_STABLECOIN" ? (
                <p className="mt-2 text-sm text-slate-600" data-testid="s2s-conversion-note">
                  This form does not convert one stablecoin into another (USDC into USDT, say). The API does: send the
                  request with a <code className="font-mono text-xs">source</code> in the other stablecoin (see API
                  reference).
                </p>
              ) : null}
            </Card>
          ) : null}

          <Card title="Destination" description="Where the payout goes; the fields follow the currency and rail">
            <DestinationFields payees={payees} />
          </Card>

          {fiatDestination ? (
            <Card title="Beneficiary" description="The holder of the destination account">
              <BeneficiaryFields />
            </Card>
          ) : null}

          <Card title="Reference" description="Your own identifiers; none of this is shown to the recipient">
            <div className="space-y-5">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField<BuilderValues>
                  name="external_id"
                  label="External ID"
                  hint="Not unique; search finds every request with it"
                  maxLength={255}
                  autoComplete="off"
                />
                <TextField<BuilderValues>
                  name="reconciliation_expected_at"
                  label="Reconciliation override"
                  hint="Optional: within 30 days. Default T+3 once funds are sent"
                  type="datetime-local"
                />
              </div>
              <MetadataEditor />
            </div>
          </Card>
        </div>

        <CreateFormAside
          form={create}
          label="Create settlement request"
          pendingText="Creating the settlement request…"
          onStartOver={startOver}
          cancelHref="/settlement-requests"
          keyName="Idempotency-Key"
          once="the request is created once"
        >
          <FormApiCallPreview
            control={form.control}
            toCall={(v) => apiCalls.createSettlementRequest(toCreateBody(v), create.idempotencyKey)}
          />
        </CreateFormAside>
      </form>

      <ConfirmProductionDialog
        {...create.confirm}
        title="Create in production?"
        description="This creates a real settlement request and real payment instructions."
        summary="settlement-request"
        confirmLabel="Create in production"
      />
    </FormProvider>
  );
}
