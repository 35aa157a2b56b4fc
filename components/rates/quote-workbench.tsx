"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { RatesIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { getRate } from "@/lib/rates/actions/get-rate";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { plainAmount } from "@/lib/dashboard/normalize-input";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { RateQuery, RateQueryInput, RateResponse } from "@/lib/schemas/rates";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { LegFields } from "./leg-fields";
import { formFromQuery, queryToSearch, toRateQuery, type RateFormValues } from "./rate-query";

/** The service's rateQuerySchema (with zod), loaded on the first validation, not with the page. */
const rateResolver = lazyResolver<RateFormValues, unknown, RateQuery>(() =>
  import("./rate-form-schema").then((m) => m.rateFormResolver),
);

/** The result and its arithmetic (decimal.js) load with the first quote, not with the empty form. */
const QuoteResult = dynamic(() => import("./quote-result").then((m) => m.QuoteResult), {
  loading: () => <Skeleton className="h-40" />,
});

/**
 * The smallest amount the service named when an amount was too small for the route
 * ("… does not cover the fee of …; the smallest amount is 1.005025 USDC"), or null.
 */
function minimumFrom(error: {
  code: string;
  message: string;
  details?: Array<{ message: string }>;
}): { amount: string; currency: string } | null {
  if (error.code !== "validation_error") return null;
  for (const text of [error.message, ...(error.details ?? []).map((d) => d.message)]) {
    const match = /the smallest amount is (\d+(?:\.\d+)?) ([A-Z]{3,4})/.exec(text);
    if (match) return { amount: match[1], currency: match[2] };
  }
  return null;
}

/** The quote form and its result. A submitted quote is kept in the URL, so it can be shared. */
export function QuoteWorkbench({
  environment,
  initialQuery,
  initialResult,
}: {
  environment: Environment;
  initialQuery: RateQueryInput | null;
  initialResult: ActionResult<RateResponse> | null;
}) {
  const [query, setQuery] = useState<RateQueryInput | null>(initialQuery);
  const form = useForm<RateFormValues, unknown, RateQuery>({
    resolver: rateResolver,
    defaultValues: formFromQuery(initialQuery),
    mode: "onSubmit",
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const values = watch();
  const sourceCurrency = values.sourceCurrencyCode;
  const destinationCurrency = values.destinationCurrencyCode;
  // A quote priced for other inputs than those on screen is marked stale and cannot be used.
  const stale = query !== null && queryToSearch(toRateQuery(values)) !== queryToSearch(query);

  const rate = useQuery({
    queryKey: queryKeys.rates(environment, query ?? {}),
    queryFn: async () => unwrap(await getRate(query as RateQueryInput)),
    enabled: query !== null,
    // Only the quote the server priced starts with its answer; every other quote is fetched.
    initialData: query === initialQuery && initialResult?.ok ? initialResult.data : undefined,
    placeholderData: keepPreviousData,
  });

  const onSubmit = handleSubmit((_parsed, event) => {
    event?.preventDefault();
    const next = toRateQuery(form.getValues());
    setQuery(next);
    window.history.replaceState(null, "", `?${queryToSearch(next)}`);
  });

  const amountField = (name: "sourceAmount" | "destinationAmount", other: "sourceAmount" | "destinationAmount") => {
    const reg = register(name);
    return {
      ...reg,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        if (e.target.value !== "") setValue(other, "");
        return reg.onChange(e);
      },
      // "1,000" pasted becomes 1000, shown as such.
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
        const plain = plainAmount(e.target.value);
        if (plain !== e.target.value) {
          e.target.value = plain;
          setValue(name, plain);
        }
        return reg.onBlur(e);
      },
    };
  };

  const error = rate.error instanceof ActionFailure ? rate.error : null;
  const initialError =
    query === initialQuery && initialResult && !initialResult.ok && !rate.isFetched ? initialResult.error : null;
  const shown = error ?? initialError;
  // An amount the route cannot carry (below the fee, or nothing delivered) is the person's to change, not a retry.
  const belowMinimum = shown ? minimumFrom(shown) : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <Card title="Quote" description="Enter the amount on either side; the other is computed.">
        <form onSubmit={onSubmit} onFocus={rateResolver.preload} noValidate className="space-y-5" aria-label="Quote">
          <LegFields
            side="source"
            currency={sourceCurrency}
            register={register}
            setValue={setValue}
            errors={formState.errors}
          />
          <LegFields
            side="destination"
            currency={destinationCurrency}
            register={register}
            setValue={setValue}
            errors={formState.errors}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="You send" hint={`In ${sourceCurrency}`} error={formState.errors.sourceAmount?.message}>
              {(p) => (
                <Input
                  {...p}
                  {...amountField("sourceAmount", "destinationAmount")}
                  inputMode="decimal"
                  numeric
                  placeholder="0.00"
                />
              )}
            </Field>
            <Field
              label="Recipient gets"
              hint={`In ${destinationCurrency}`}
              error={formState.errors.destinationAmount?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...amountField("destinationAmount", "sourceAmount")}
                  inputMode="decimal"
                  numeric
                  placeholder="0.00"
                />
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={rate.isFetching}>
              Get quote
            </Button>
          </div>
        </form>
      </Card>

      <Card title="Result" aria-live="polite" aria-busy={rate.isFetching || undefined}>
        {query === null ? (
          <EmptyState icon={<RatesIcon className="size-5" />} title="No rate quoted yet" className="border-0 py-8">
            Choose both sides and an amount, then get a quote: the mid-market rate, the fee and the effective rate
            appear here.
          </EmptyState>
        ) : belowMinimum ? (
          <div
            role="alert"
            data-testid="quote-below-minimum"
            className="rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 px-5 py-6"
          >
            <h2 className="text-sm font-semibold text-slate-900">Amount below this route's minimum</h2>
            <p className="mt-1 text-sm text-slate-700">
              The smallest amount you can send from {belowMinimum.currency} to {String(query.destinationCurrencyCode)}{" "}
              is{" "}
              <strong className="tabular-nums">
                {belowMinimum.amount} {belowMinimum.currency}
              </strong>
              : less does not cover the fee.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => {
                setValue("sourceAmount", belowMinimum.amount);
                setValue("destinationAmount", "");
                void onSubmit();
              }}
            >
              Quote {belowMinimum.amount} {belowMinimum.currency}
            </Button>
          </div>
        ) : shown ? (
          <ErrorState
            title="No quote"
            message={describeError(shown)}
            onRetry={
              shown.status !== undefined && shown.status >= 400 && shown.status < 500 && shown.status !== 429
                ? undefined
                : () => void rate.refetch()
            }
            retrying={rate.isFetching}
          />
        ) : rate.data ? (
          <div className={rate.isPlaceholderData || stale ? "opacity-60 transition-opacity" : undefined}>
            {stale ? (
              <p
                role="status"
                data-testid="quote-stale"
                className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                The inputs changed since this quote. Get a new quote to use it.
              </p>
            ) : null}
            <QuoteResult quote={rate.data} query={query} usable={!stale} />
          </div>
        ) : (
          <div role="status" className="space-y-4">
            <span className="sr-only">Getting a quote…</span>
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
            <Skeleton className="h-40" />
          </div>
        )}
      </Card>
    </div>
  );
}
