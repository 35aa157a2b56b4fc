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
import { getRate } from "@/lib/actions/get-rate";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { RateQuery, RateQueryInput, RateResponse } from "@/lib/schemas/rates";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { LegFields } from "./leg-fields";
import { formFromQuery, queryToSearch, toRateQuery, type RateFormValues } from "./rate-query";

/** The service's rateQuerySchema (with zod), loaded on the first validation, not with the page. */
const rateResolver = lazyResolver<RateFormValues, unknown, RateQuery>(() => import("./rate-form-schema").then((m) => m.rateFormResolver));

/** The result and its arithmetic (decimal.js) load with the first quote, not with the empty form. */
const QuoteResult = dynamic(() => import("./quote-result").then((m) => m.QuoteResult), {
  loading: () => <Skeleton className="h-40" />,
});

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
  const sourceCurrency = watch("sourceCurrencyCode");
  const destinationCurrency = watch("destinationCurrencyCode");

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
    };
  };

  const error = rate.error instanceof ActionFailure ? rate.error : null;
  const initialError = query === initialQuery && initialResult && !initialResult.ok && !rate.isFetched ? initialResult.error : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <Card title="Quote" description="Enter the amount on either side; the other is computed.">
        <form onSubmit={onSubmit} onFocus={rateResolver.preload} noValidate className="space-y-5" aria-label="Quote">
          <LegFields side="source" currency={sourceCurrency} register={register} setValue={setValue} errors={formState.errors} />
          <LegFields side="destination" currency={destinationCurrency} register={register} setValue={setValue} errors={formState.errors} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="You send" hint={`In ${sourceCurrency}`} error={formState.errors.sourceAmount?.message}>
              {(p) => <Input {...p} {...amountField("sourceAmount", "destinationAmount")} inputMode="decimal" numeric placeholder="0.00" />}
            </Field>
            <Field label="Recipient gets" hint={`In ${destinationCurrency}`} error={formState.errors.destinationAmount?.message}>
              {(p) => <Input {...p} {...amountField("destinationAmount", "sourceAmount")} inputMode="decimal" numeric placeholder="0.00" />}
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
            Choose both sides and an amount, then get a quote: the mid-market rate, the fee and the effective rate appear here.
          </EmptyState>
        ) : error || initialError ? (
          <ErrorState
            title="No quote"
            message={describeError((error ?? initialError) as NonNullable<typeof initialError>)}
            onRetry={() => void rate.refetch()}
            retrying={rate.isFetching}
          />
        ) : rate.data ? (
          <div className={rate.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <QuoteResult quote={rate.data} query={query} />
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
