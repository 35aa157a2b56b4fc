"use client";

import { useFormContext } from "react-hook-form";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { bankDigits, compactIban, sortCodeInGbIban } from "@/lib/dashboard/normalize-input";
import { fieldsFor, type BankField } from "@/lib/schemas/bank-shapes";
import type { BankShape } from "@/lib/schemas/catalog";
import type { WithDestination } from "./destination-values";

const ACCOUNT_TYPES = [
  { value: "CHECKING", label: "Checking" },
  { value: "SAVINGS", label: "Savings" },
];

/** The fields of a bank shape at `destination.*`, as bank-shapes.ts lists them for this currency (the builder and the payee form). */
export function BankFields({ shape, currency }: { shape: BankShape; currency: string }) {
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
      <SelectField<WithDestination> name={name} label={field.label} required={field.required} options={ACCOUNT_TYPES} />
    );
  return (
    <TextField<WithDestination>
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
  const { watch } = useFormContext<WithDestination>();
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
