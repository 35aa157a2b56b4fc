"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** Created-at range of the list, in whole UTC days (both ends included). */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { created_from: string; created_to: string }) => void }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-3 lg:basis-full" data-testid="date-range">
      <legend className="sr-only">Created between</legend>
      <Field label="Created from" hint="UTC, inclusive" className="w-44">
        {(p) => <Input {...p} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ created_from: e.target.value, created_to: to })} />}
      </Field>
      <Field label="Created to" hint="UTC, inclusive" className="w-44">
        {(p) => <Input {...p} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ created_from: from, created_to: e.target.value })} />}
      </Field>
      {from || to ? (
        <button type="button" className="pb-2 text-sm font-medium text-accent-700 hover:text-accent-800" onClick={() => onChange({ created_from: "", created_to: "" })}>
          Any date
        </button>
      ) : null}
    </fieldset>
  );
}
