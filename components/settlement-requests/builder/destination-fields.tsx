"use client";

import { useFormContext } from "react-hook-form";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { bankDigits, compactIban, compactWallet, sortCodeInGbIban } from "@/lib/dashboard/normalize-input";
import { railLabel, railsFor } from "@/lib/dashboard/routes";
import { PayeePicker } from "@/components/payees/payee-picker";
import type { PayeeView } from "@/lib/approvals/types";
import { destinationCurrencies, destinationShape, withDestinationCurrency, type BuilderValues } from "./builder-values";

const ACCOUNT_TYPES = [
  { value: "CHECKING", label: "Checking" },
  { value: "SAVINGS", label: "Savings" },
];

const SHAPE_HINT = {
  CRYPTO: "A wallet on the chosen chain",
  ABA: "US bank account: routing number checksum verified",
  IBAN: "IBAN: mod-97 check and country length verified",
  CLABE: "Mexican CLABE: 18 digits, check digit verified",
  NGN_ACCOUNT: "Nigerian account: 10-digit NUBAN, checked against the bank code",
  CAD_EFT: "Canadian account (EFT): institution, transit and account numbers",
} as const;

/** Currency and rail of the payout, then the fields of its bank-identifier shape; a saved wallet fills them for a stablecoin payout. */
export function DestinationFields({ payees = [] }: { payees?: PayeeView[] }) {
  const { watch, getValues, setValue, register } = useFormContext<BuilderValues>();
  const type = watch("type");
  const currency = watch("destination.currency");
  const shape = destinationShape(currency);
  // Saved wallets for a stablecoin payout; saved IBANs for an IBAN currency.
  const wallets = payees.filter(
    (p) =>
      (p.kind === "bank" ? destinationShape(p.currency) === "IBAN" : true) &&
      destinationCurrencies(type).includes(p.currency),
  );

  return (
    <div className="space-y-4">
      {wallets.length > 0 ? (
        <PayeePicker
          payees={wallets}
          onPick={(payee) => {
            setValue("destination", withDestinationCurrency(getValues("destination"), payee.currency));
            if (payee.kind === "bank") {
              setValue("destination.iban", payee.address, { shouldValidate: true });
              return;
            }
            if (payee.chain) setValue("destination.rail", payee.chain);
            setValue("destination.wallet_address", payee.address, { shouldValidate: true });
          }}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<BuilderValues>
          name="destination.currency"
          label="Currency"
          required
          options={destinationCurrencies(type)}
          onValueChange={(next) => setValue("destination", withDestinationCurrency(getValues("destination"), next))}
        />
        <SelectField<BuilderValues>
          name="destination.rail"
          label={shape === "CRYPTO" ? "Chain" : "Rail"}
          required
          options={railsFor(currency).map((r) => ({ value: r, label: railLabel(r) }))}
        />
      </div>
      <p className="text-xs text-slate-500" data-testid="destination-shape">
        {SHAPE_HINT[shape]}
      </p>

      {shape === "CRYPTO" ? (
        <TextField<BuilderValues>
          name="destination.wallet_address"
          label="Wallet address"
          normalize={compactWallet}
          required
          autoComplete="off"
          spellCheck={false}
          inputClassName="font-mono"
        />
      ) : null}

      {shape === "ABA" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<BuilderValues> name="destination.bank_name" label="Bank name" required />
          <SelectField<BuilderValues>
            name="destination.account_type"
            label="Account type"
            required
            options={ACCOUNT_TYPES}
          />
          <TextField<BuilderValues>
            name="destination.routing_number"
            label="Routing number"
            hint="9 digits (ABA)"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues>
            name="destination.account_number"
            label="Account number"
            hint="4 to 17 digits"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      ) : null}

      {shape === "IBAN" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<BuilderValues>
            name="destination.iban"
            label="IBAN"
            hint={currency === "GBP" ? "The UK account's IBAN: its sort code is read from it" : "Spaces are fine"}
            required
            autoComplete="off"
            spellCheck={false}
            normalize={compactIban}
            className="sm:col-span-2"
          />
          {currency === "GBP" ? <GbpSortCode /> : null}
          <TextField<BuilderValues>
            name="destination.bic"
            label="BIC"
            hint="Optional: 8 or 11 characters"
            autoComplete="off"
          />
          <TextField<BuilderValues> name="destination.bank_name" label="Bank name" hint="Optional" />
        </div>
      ) : null}

      {shape === "CLABE" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<BuilderValues>
            name="destination.clabe"
            label="CLABE"
            hint="18 digits"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues> name="destination.bank_name" label="Bank name" hint="Optional" />
        </div>
      ) : null}

      {shape === "NGN_ACCOUNT" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<BuilderValues>
            name="destination.bank_code"
            label="Bank code"
            hint="3-digit CBN code, e.g. 058"
            normalize={bankDigits}
            required
            inputMode="numeric"
          />
          <TextField<BuilderValues>
            name="destination.account_number"
            label="Account number"
            hint="10-digit NUBAN"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues> name="destination.bank_name" label="Bank name" hint="Optional" />
        </div>
      ) : null}

      {shape === "CAD_EFT" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<BuilderValues>
            name="destination.institution_number"
            label="Institution number"
            hint="3 digits, e.g. 003"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues>
            name="destination.transit_number"
            label="Transit number"
            hint="5 digits (the branch)"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues>
            name="destination.account_number"
            label="Account number"
            hint="7 to 12 digits"
            normalize={bankDigits}
            required
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField<BuilderValues> name="destination.bank_name" label="Bank name" hint="Optional" />
        </div>
      ) : null}

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          {...register("destination.is_third_party")}
          className="size-4 rounded border-slate-300 accent-accent-600"
        />
        Paying a third party (not the account holder themselves)
      </label>
    </div>
  );
}

/**
 * GBP pays to a UK IBAN, which holds the sort code: the form reads it from the IBAN (and sends
 * it, as the API asks) rather than asking twice. Only an IBAN it cannot read asks for it.
 */
function GbpSortCode() {
  const { watch } = useFormContext<BuilderValues>();
  const fromIban = sortCodeInGbIban(watch("destination.iban"));
  if (fromIban) {
    return (
      <p className="text-sm text-slate-600 sm:col-span-2" data-testid="sort-code-from-iban">
        Sort code <span className="font-mono text-slate-900">{fromIban.replace(/(\d{2})(?=\d)/g, "$1-")}</span>, read
        from the IBAN.
      </p>
    );
  }
  return (
    <TextField<BuilderValues>
      name="destination.sort_code"
      label="Sort code"
      hint="Only if the IBAN is not a UK one: 6 digits"
      required
      inputMode="numeric"
      normalize={bankDigits}
    />
  );
}
