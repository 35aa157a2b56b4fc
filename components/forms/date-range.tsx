"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";

/**
 * Created-at range of the list, in whole UTC days (both ends included). Folded behind a "Created
 * date" button until it is used (or a range is in the URL): a browser builds each date input's
 * calendar parts on the page's first layout, which cost the list 40–70 ms before its rows were
 * on screen (decision D16.10). Opening it moves focus to "Created from".
 */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { created_from: string; created_to: string }) => void }) {
  // Open from the first render when the URL carries a range; opened by the button, "Created from"
  // takes focus as it mounts. "Any date" clears the range without folding it again.
  const [opened, setOpened] = useState<"by-url" | "by-button" | null>(from || to ? "by-url" : null);
  if (!opened && !from && !to) {
    return (
      <Button
        variant="secondary"
        data-testid="date-range"
        aria-expanded={false}
        onClick={() => setOpened("by-button")}
      >
        <PlusIcon className="size-4" />
        Created date
      </Button>
    );
  }
  return (
    <fieldset className="flex flex-wrap items-end gap-3 lg:basis-full" data-testid="date-range">
      <legend className="sr-only">Created between</legend>
      <Field label="Created from" hint="UTC, inclusive" className="w-44">
        {(p) => (
          <Input {...p} autoFocus={opened === "by-button"} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ created_from: e.target.value, created_to: to })} />
        )}
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
