"use client";

import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { countriesFor } from "@/lib/dashboard/routes";
import type { WithDestination } from "./destination-values";

/** Who receives a fiat payout (or holds a saved bank account): a person or a business, with the country of their address. */
export function BeneficiaryFields({ typeLegend = "Beneficiary type" }: { typeLegend?: string }) {
  const { watch, setValue, getFieldState } = useFormContext<WithDestination>();
  const type = watch("destination.beneficiary.type");
  const currency = watch("destination.currency");
  const iban = watch("destination.iban" as never) as unknown as string | undefined;
  const countries = countriesFor(currency);
  // The country follows the IBAN's until the person chooses one (a French IBAN gave "AT", the
  // list's first: issue 35, finding 12).
  const ibanCountry = typeof iban === "string" ? iban.replace(/\s/g, "").slice(0, 2).toUpperCase() : "";
  const fromIban = /^[A-Z]{2}$/.test(ibanCountry) && countries.includes(ibanCountry) ? ibanCountry : null;
  useEffect(() => {
    if (!fromIban || getFieldState("destination.beneficiary.address.country_code").isDirty) return;
    setValue("destination.beneficiary.address.country_code", fromIban, { shouldValidate: false });
  }, [fromIban, getFieldState, setValue]);

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{typeLegend}</legend>
        <BeneficiaryTypeRadios />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {type === "INDIVIDUAL" ? (
          <>
            <TextField<WithDestination>
              name="destination.beneficiary.first_name"
              label="First name"
              required
              autoComplete="off"
            />
            <TextField<WithDestination>
              name="destination.beneficiary.last_name"
              label="Last name"
              required
              autoComplete="off"
            />
          </>
        ) : (
          <TextField<WithDestination>
            name="destination.beneficiary.business_name"
            label="Business name"
            required
            className="sm:col-span-2"
          />
        )}
        <SelectField<WithDestination>
          name="destination.beneficiary.address.country_code"
          label="Country"
          required
          options={countries}
          hint={fromIban ? "Taken from the IBAN; change it if the holder lives elsewhere" : undefined}
        />
        <TextField<WithDestination> name="destination.beneficiary.address.city" label="City" hint="Optional" />
        <TextField<WithDestination>
          name="destination.beneficiary.address.street_line1"
          label="Street"
          hint="Optional"
        />
        <TextField<WithDestination>
          name="destination.beneficiary.address.postal_code"
          label="Postal code"
          hint="Optional"
        />
        <TextField<WithDestination> name="destination.beneficiary.email" label="Email" hint="Optional" type="email" />
        <TextField<WithDestination> name="destination.beneficiary.phone" label="Phone" hint="Optional" type="tel" />
      </div>
    </div>
  );
}

function BeneficiaryTypeRadios() {
  const { register } = useFormContext<WithDestination>();
  const options = [
    { value: "INDIVIDUAL", label: "Individual" },
    { value: "BUSINESS", label: "Business" },
  ];
  return (
    <div className="flex gap-4">
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            value={o.value}
            {...register("destination.beneficiary.type")}
            className="size-4 accent-accent-600"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
