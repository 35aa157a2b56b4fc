"use client";

import type { FieldErrors, UseFormRegister, UseFormSetValue } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { CURRENCIES, isFiat } from "@/lib/schemas/catalog";
import { countriesFor, railLabel, railsFor } from "@/lib/dashboard/routes";
import type { RateFormValues } from "./rate-query";

type Side = "source" | "destination";

/** Currency, rail and (for fiat) country of one side of a quote; rail and country follow the currency. */
export function LegFields({
  side,
  currency,
  register,
  setValue,
  errors,
}: {
  side: Side;
  currency: string;
  register: UseFormRegister<RateFormValues>;
  setValue: UseFormSetValue<RateFormValues>;
  errors: FieldErrors<RateFormValues>;
}) {
  const currencyName = `${side}CurrencyCode` as const;
  const railName = `${side}Rail` as const;
  const countryName = `${side}CountryCode` as const;
  const rails = railsFor(currency);
  const countries = countriesFor(currency);
  const currencyField = register(currencyName);

  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {side === "source" ? "From" : "To"}
      </legend>
      <Field label="Currency" error={errors[currencyName]?.message}>
        {(p) => (
          <Select
            {...p}
            {...currencyField}
            onChange={(e) => {
              void currencyField.onChange(e);
              const next = e.target.value;
              setValue(railName, railsFor(next)[0] ?? "");
              setValue(countryName, countriesFor(next)[0] ?? "");
            }}
            options={CURRENCIES}
          />
        )}
      </Field>
      <Field label={isFiat(currency) ? "Rail" : "Chain"} error={errors[railName]?.message}>
        {(p) => (
          <Select {...p} {...register(railName)} options={rails.map((r) => ({ value: r, label: railLabel(r) }))} />
        )}
      </Field>
      {countries.length > 0 ? (
        <Field label="Country" error={errors[countryName]?.message}>
          {(p) => <Select {...p} {...register(countryName)} options={countries} />}
        </Field>
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
    </fieldset>
  );
}
