"use client";

import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { BankFields } from "@/components/destination/bank-fields";
import { BeneficiaryFields } from "@/components/destination/beneficiary-fields";
import { destinationShape, withDestinationCurrency } from "@/components/destination/destination-values";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { FormAlert } from "@/components/forms/form-alert";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { addPayee } from "@/lib/approvals/actions/add-payee";
import { compactWallet } from "@/lib/dashboard/normalize-input";
import { railFor, railLabel, railsFor } from "@/lib/dashboard/routes";
import { BANK_SHAPES } from "@/lib/schemas/bank-shapes";
import { FIAT_CURRENCIES, STABLECOIN_CHAINS, STABLECOINS } from "@/lib/schemas/catalog";
import { emptyPayeeForm, toPayeeInput, type PayeeFormValues } from "./payee-form-values";

/** payeeInputSchema (with zod and the bank validators), loaded on the first validation, not with the page. */
const resolver = lazyResolver<PayeeFormValues>(() => import("./payee-form-resolver").then((m) => m.payeeResolver));

const KINDS = [
  { value: "wallet", label: "Wallet (stablecoins)" },
  { value: "bank", label: "Bank account" },
];

/**
 * Saves a wallet, or a bank account of any shape the service pays (US routing and account, IBAN,
 * CLABE, NUBAN, Canadian EFT) with its holder, to this environment's payee book: checked as the
 * builder checks a destination, so paying it later fills every field.
 */
export function AddPayeeForm() {
  const router = useRouter();
  const form = useForm<PayeeFormValues>({ resolver, defaultValues: emptyPayeeForm() });
  const { watch, setValue, getValues } = form;
  const kind = watch("kind");
  const currency = watch("currency");
  const bankCurrency = watch("destination.currency");
  const shape = destinationShape(bankCurrency);
  const chains = (STABLECOINS as readonly string[]).includes(currency)
    ? STABLECOIN_CHAINS[currency as (typeof STABLECOINS)[number]]
    : [];
  const save = useActionForm({
    send: (values: PayeeFormValues) => addPayee(toPayeeInput(values)),
    onSuccess: () => {
      const kept = getValues();
      form.reset({
        ...emptyPayeeForm(kept.kind),
        currency: kept.currency,
        chain: kept.chain,
        destination: withDestinationCurrency(
          { ...kept.destination, beneficiary: emptyPayeeForm().destination.beneficiary },
          kept.destination.currency,
        ),
      });
      router.refresh();
    },
    onFields: (error) =>
      applyServerErrors(
        error,
        form.setError,
        (path) => ["name", "currency", "chain", "address"].includes(path) || path.startsWith("destination."),
        (path) => (path === "destination" ? "destination.currency" : path),
      ),
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(save.submit)} noValidate className="space-y-4" data-testid="add-payee">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<PayeeFormValues>
            name="name"
            label="Name"
            required
            autoComplete="off"
            placeholder="Acme treasury"
          />
          <SelectField<PayeeFormValues> name="kind" label="Kind" required options={KINDS} />
        </div>
        {kind === "wallet" ? (
          <>
            <div className="grid grid-cols-2 gap-4">
              <SelectField<PayeeFormValues>
                name="currency"
                label="Currency"
                required
                options={STABLECOINS.map((c) => ({ value: c, label: c }))}
              />
              <SelectField<PayeeFormValues>
                name="chain"
                label="Chain"
                required
                options={chains.map((c) => ({ value: c, label: railLabel(c) }))}
              />
            </div>
            <TextField<PayeeFormValues>
              name="address"
              label="Wallet address"
              required
              normalize={compactWallet}
              autoComplete="off"
              spellCheck={false}
              inputClassName="font-mono"
            />
          </>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-4">
              <SelectField<PayeeFormValues>
                name="destination.currency"
                label="Currency"
                required
                options={FIAT_CURRENCIES.map((c) => ({ value: c, label: c }))}
                onValueChange={(next) =>
                  setValue("destination", withDestinationCurrency(getValues("destination"), next))
                }
              />
              <SelectField<PayeeFormValues>
                name="destination.rail"
                label="Rail"
                required
                options={railsFor(bankCurrency).map((r) => ({ value: r, label: railFor(bankCurrency, r) }))}
              />
            </div>
            {shape === "CRYPTO" ? null : (
              <>
                <p className="text-xs text-slate-500" data-testid="payee-bank-shape">
                  {BANK_SHAPES[shape].hint}
                </p>
                <BankFields shape={shape} currency={bankCurrency} />
                <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">Account holder</legend>
                  <BeneficiaryFields typeLegend="A person or a business" />
                </fieldset>
              </>
            )}
          </>
        )}
        <FormAlert error={save.error} />
        <Button type="submit" loading={save.pending}>
          Add payee
        </Button>
      </form>
    </FormProvider>
  );
}
