"use client";

import { useFormContext } from "react-hook-form";
import { BankFields } from "@/components/destination/bank-fields";
import {
  destinationOfPayee,
  destinationShape,
  withDestinationCurrency,
} from "@/components/destination/destination-values";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { compactWallet } from "@/lib/dashboard/normalize-input";
import { railLabel, railsFor } from "@/lib/dashboard/routes";
import { PayeePicker } from "@/components/payees/payee-picker";
import type { PayeeView } from "@/lib/approvals/types";
import { BANK_SHAPES } from "@/lib/schemas/bank-shapes";
import { destinationCurrencies, type BuilderValues } from "./builder-values";

const WALLET_HINT = "A wallet on the chosen chain";

/** Currency and rail of the payout, then the fields of its bank-identifier shape; a saved wallet fills them for a stablecoin payout. */
export function DestinationFields({ payees = [] }: { payees?: PayeeView[] }) {
  const { watch, getValues, setValue, register } = useFormContext<BuilderValues>();
  const type = watch("type");
  const currency = watch("destination.currency");
  const shape = destinationShape(currency);
  // Saved wallets for a stablecoin payout; saved bank accounts (every shape) for a fiat one.
  const wallets = payees.filter((p) => destinationCurrencies(type).includes(p.currency));

  return (
    <div className="space-y-4">
      {wallets.length > 0 ? (
        <PayeePicker
          payees={wallets}
          onPick={(payee) => {
            if (payee.kind === "bank") {
              setValue("destination", destinationOfPayee(getValues("destination"), payee), { shouldValidate: true });
              return;
            }
            setValue("destination", withDestinationCurrency(getValues("destination"), payee.currency));
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
