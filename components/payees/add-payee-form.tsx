"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { addPayee } from "@/lib/actions/add-payee";
import { IBAN_CURRENCIES } from "@/lib/approvals/payee-choices";
import type { PayeeInput } from "@/lib/approvals/payee-form";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { railLabel } from "@/lib/dashboard/routes";
import { STABLECOIN_CHAINS, STABLECOINS } from "@/lib/schemas/catalog";

/** payeeInputSchema (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<PayeeInput>(() => import("./payee-form-resolver").then((m) => m.payeeResolver));

/** Saves a wallet or a bank account (IBAN) to this environment's payee book (checked as the forms check them). */
export function AddPayeeForm() {
  const router = useRouter();
  const form = useForm<PayeeInput>({
    resolver,
    defaultValues: { name: "", kind: "wallet", currency: "USDC", chain: "ETHEREUM", address: "" },
  });
  const { errors } = form.formState;
  const currency = form.watch("currency");
  const kind = form.watch("kind");
  const chains = (STABLECOINS as readonly string[]).includes(currency)
    ? STABLECOIN_CHAINS[currency as (typeof STABLECOINS)[number]]
    : [];
  const save = useActionForm({
    send: (values: PayeeInput) => addPayee(values),
    onSuccess: () => {
      form.reset({
        name: "",
        kind: form.getValues("kind"),
        currency: form.getValues("currency"),
        chain: form.getValues("chain"),
        address: "",
      });
      router.refresh();
    },
    onFields: (error) => applyServerErrors(error, form.setError, ["name", "currency", "chain", "address"]),
  });
  return (
    <form onSubmit={form.handleSubmit(save.submit)} noValidate className="space-y-4" data-testid="add-payee">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          {(p) => <Input {...p} {...form.register("name")} autoComplete="off" placeholder="Acme treasury" />}
        </Field>
        <Field label="Kind" required>
          {(p) => (
            <Select
              {...p}
              {...form.register("kind", {
                onChange: (e: { target: { value: string } }) =>
                  form.setValue("currency", e.target.value === "bank" ? IBAN_CURRENCIES[0] : "USDC"),
              })}
              options={[
                { value: "wallet", label: "Wallet (stablecoins)" },
                { value: "bank", label: "Bank account (IBAN)" },
              ]}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4 sm:col-span-2">
          <Field label="Currency" error={errors.currency?.message} required>
            {(p) => (
              <Select
                {...p}
                {...form.register("currency")}
                options={(kind === "bank" ? IBAN_CURRENCIES : STABLECOINS).map((c) => ({ value: c, label: c }))}
              />
            )}
          </Field>
          {kind === "wallet" ? (
            <Field label="Chain" error={errors.chain?.message} required>
              {(p) => (
                <Select
                  {...p}
                  {...form.register("chain")}
                  options={chains.map((c) => ({ value: c, label: railLabel(c) }))}
                />
              )}
            </Field>
          ) : null}
        </div>
        <Field
          label={kind === "bank" ? "IBAN" : "Wallet address"}
          error={errors.address?.message}
          required
          className="sm:col-span-2"
        >
          {(p) => (
            <Input {...p} {...form.register("address")} autoComplete="off" spellCheck={false} className="font-mono" />
          )}
        </Field>
      </div>
      <FormAlert error={save.error} />
      <Button type="submit" loading={save.pending}>
        Add payee
      </Button>
    </form>
  );
}
