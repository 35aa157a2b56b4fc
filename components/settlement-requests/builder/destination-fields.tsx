"use client";

import { useFormContext } from "react-hook-form";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { bankDigits, compactIban, compactWallet, sortCodeInGbIban } from "@/lib/dashboard/normalize-input";
import { railLabel, railsFor } from "@/lib/dashboard/routes";
import { PayeePicker } from "@/components/payees/payee-picker";
import type { PayeeView } from "@/lib/approvals/types";
import { BANK_SHAPES, fieldsFor, type BankField } from "@/lib/schemas/bank-shapes";
import type { BankShape } from "@/lib/schemas/catalog";
import { destinationCurrencies, destinationShape, withDestinationCurrency, type BuilderValues } from "./builder-values";

const ACCOUNT_TYPES = [
  { value: "CHECKING", label: "Checking" },
  { value: "SAVINGS", label: "Savings" },
];

const WALLET_HINT = "A wallet on the chosen chain";

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
        {shape === "CRYPTO" ? WALLET_HINT : BANK_SHAPES[shape].hint}
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

      {shape === "CRYPTO" ? null : <BankFields shape={shape} currency={currency} />}

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

/** The fields of a bank shape, as bank-shapes.ts lists them for this currency. */
function BankFields({ shape, currency }: { shape: BankShape; currency: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fieldsFor(shape, currency).map((field) =>
        field.readFrom ? (
          <ReadFromField key={field.name} field={field} />
        ) : (
          <BankInput key={field.name} field={field} />
        ),
      )}
    </div>
  );
}

function BankInput({ field }: { field: BankField }) {
  const name = `destination.${field.name}` as const;
  if (field.input === "account_type")
    return (
      <SelectField<BuilderValues> name={name} label={field.label} required={field.required} options={ACCOUNT_TYPES} />
    );
  return (
    <TextField<BuilderValues>
      name={name}
      label={field.label}
      hint={field.hint || undefined}
      required={field.required}
      normalize={field.input === "digits" ? bankDigits : field.input === "iban" ? compactIban : undefined}
      inputMode={field.input === "digits" ? "numeric" : undefined}
      autoComplete={field.input === "text" ? undefined : "off"}
      spellCheck={field.input === "iban" ? false : undefined}
      className={field.wide ? "sm:col-span-2" : undefined}
    />
  );
}

/**
 * A field the form reads from another when it can: GBP pays to a UK IBAN, which holds the sort
 * code, so the form reads it from the IBAN (and sends it, as the API asks) rather than asking
 * twice. Only an IBAN it cannot read asks for it.
 */
function ReadFromField({ field }: { field: BankField }) {
  const { watch } = useFormContext<BuilderValues>();
  const fromIban = sortCodeInGbIban(watch("destination.iban"));
  if (fromIban) {
    return (
      <p className="text-sm text-slate-600 sm:col-span-2" data-testid="sort-code-from-iban">
        {field.label} <span className="font-mono text-slate-900">{fromIban.replace(/(\d{2})(?=\d)/g, "$1-")}</span>,
        read from the IBAN.
      </p>
    );
  }
  return <BankInput field={field} />;
}
