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
export function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { created_from: string; created_to: string }) => void;
}) {
  // Open from the first render when the URL carries a range; opened by the button, "Created from"
  // takes focus as it mounts. "Any date" clears the range without folding it again.
  const [opened, setOpened] = useState<"by-url" | "by-button" | null>(from || to ? "by-url" : null);
  // A range that ends before it starts stays here, marked, and is not applied (issue 35, finding 10).
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const shown = draft ?? { from, to };
  const inverted = Boolean(shown.from && shown.to && shown.from > shown.to);
  const change = (next: { from: string; to: string }) => {
    if (next.from && next.to && next.from > next.to) {
      setDraft(next);
      return;
    }
    setDraft(null);
    onChange({ created_from: next.from, created_to: next.to });
  };
  if (!opened && !from && !to) {
    return (
      <Button variant="secondary" data-testid="date-range" aria-expanded={false} onClick={() => setOpened("by-button")}>
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
          <Input
            {...p}
            autoFocus={opened === "by-button"}
            type="date"
            value={shown.from}
            max={shown.to || undefined}
            onChange={(e) => change({ from: e.target.value, to: shown.to })}
          />
        )}
      </Field>
      <Field
        label="Created to"
        hint="UTC, inclusive"
        className="w-44"
        error={inverted ? "Must be on or after Created from" : undefined}
      >
        {(p) => (
          <Input
            {...p}
            type="date"
            value={shown.to}
            min={shown.from || undefined}
            onChange={(e) => change({ from: shown.from, to: e.target.value })}
          />
        )}
      </Field>
      {shown.from || shown.to ? (
        <button
          type="button"
          className="pb-2 text-sm font-medium text-accent-700 hover:text-accent-800"
          onClick={() => change({ from: "", to: "" })}
        >
          Any date
        </button>
      ) : null}
    </fieldset>
  );
}
