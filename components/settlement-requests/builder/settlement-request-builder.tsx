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
import { createSettlementRequest } from "@/lib/actions/create-settlement-request";
import type { ActionError } from "@/lib/actions/result";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { newIdempotencyKey } from "@/lib/dashboard/form-values";
import { idempotencyKeyIsSpent, keyForSubmission } from "@/lib/dashboard/idempotency";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { countriesFor, railLabel, railsFor } from "@/lib/dashboard/routes";
import { PAYMENT_REASONS, SETTLEMENT_TYPES, type SettlementType } from "@/lib/schemas/catalog";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { humanizeStatus } from "@/components/ui/status-tone";
import { plainAmount } from "@/lib/dashboard/normalize-input";
import { BeneficiaryFields } from "./beneficiary-fields";
import {
  amountOnDestination,
  asksForSource,
  defaultSource,
  defaultsFor,
  destinationShape,
  sourceCurrencies,
  switchType,
  takesCryptoSource,
  withSourceCurrency,
  toCreateBody,
  type BuilderValues,
} from "./builder-values";
import { DestinationFields } from "./destination-fields";
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
}: {
  environment: Environment;
  initial: BuilderValues;
  /** From a quote: what the recipient was quoted to get for the prefilled amount. */
  quotedDestinationAmount?: string;
  /** Made by the server page when the form is opened (the same in the HTML and after hydration). */
  initialKey: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
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

  const [idempotencyKey, setIdempotencyKey] = useState(initialKey);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setFormError] = useState<ActionError | null>(null);
  const [confirmBody, setConfirmBody] = useState<SettlementRequestCreateInput | null>(null);

  async function send(body: SettlementRequestCreateInput, confirmProduction: boolean) {
    if (inFlight.current) return; // a second click while the first is on its way
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const key = keyForSubmission(idempotencyKey, body, newIdempotencyKey);
      if (key !== idempotencyKey) setIdempotencyKey(key);
      const result = await createSettlementRequest({ idempotencyKey: key, body }, { environment, confirmProduction });
      if (result.ok) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.settlementRequests.all(environment) });
        toast({ title: result.replayed ? "Request already created" : "Settlement request created", tone: "success" });
        router.push(`/settlement-requests/${result.data.id}?created=1`);
        return; // stay busy while the result page loads
      }
      const unmatched = applyServerErrors(result.error, setError, isFieldName, (p) =>
        formPathFor(p, getValues("metadata_rows")),
      );
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

  function startOver() {
    reset(defaultsFor(getValues("type")));
    setIdempotencyKey(newIdempotencyKey());
    setFormError(null);
  }

  return (
    <FormProvider {...form}>
      <form
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
                The payer sends <strong>{implicitSource.currency}</strong> over <strong>{railLabel(implicitSource.rail)}</strong>
                {implicitSource.country_code ? <> from <strong>{implicitSource.country_code}</strong></> : null}
                {type === "STABLECOIN_TO_STABLECOIN" ? " (the destination's stablecoin, on the same chain)." : " (USD over ACH from the US)."}
              </p>
            </Card>
          ) : null}

          <Card title="Destination" description="Where the payout goes; the fields follow the currency and rail">
            <DestinationFields />
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

        <aside className="min-w-0 space-y-4 xl:sticky xl:top-6 xl:self-start">
          <Card title="Submit">
            <div className="space-y-4">
              <FormStatus error={error} pending={busy} pendingText="Creating the settlement request…" />
              <Button type="submit" size="lg" className="w-full" loading={busy}>
                {busy ? "Creating…" : "Create settlement request"}
              </Button>
              <div className="flex items-center justify-between gap-2">
                <Button variant="ghost" size="sm" onClick={startOver} disabled={busy}>
                  Start over
                </Button>
                <Link href="/settlement-requests" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                  Cancel
                </Link>
              </div>
              <IdempotencyKeyNote name="Idempotency-Key" value={idempotencyKey} once="the request is created once" />
            </div>
          </Card>
          <FormApiCallPreview control={form.control} toCall={(v) => apiCalls.createSettlementRequest(toCreateBody(v), idempotencyKey)} />
        </aside>
      </form>

      <ConfirmProductionDialog
        pending={confirmBody}
        onDismiss={() => setConfirmBody(null)}
        onConfirm={(body) => void send(body, true)}
        title="Create in production?"
        description="This creates a real settlement request and real payment instructions."
        summary="settlement-request"
        confirmLabel="Create in production"
      />
    </FormProvider>
  );
}
