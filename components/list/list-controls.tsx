"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import type { FilterField } from "@/lib/dashboard/list-filters";
import type { ListControls } from "./list-screen";

type Spec = Record<string, FilterField<string>>;

/** One filter as a select: applied as soon as it changes. */
export function ListSelect<S extends Spec>({
  controls,
  name,
  label,
  className,
  placeholder,
  options,
}: {
  controls: ListControls<S>;
  name: keyof S & string;
  label: string;
  className?: string;
  /** The empty option, e.g. "All statuses". */
  placeholder: string;
  options: readonly (string | SelectOption)[];
}) {
  return (
    <Field label={label} className={className}>
      {(p) => (
        <Select
          {...p}
          value={controls.filters[name] as string}
          onChange={(e) => controls.set(name, e.target.value)}
          placeholder={placeholder}
          options={options}
        />
      )}
    </Field>
  );
}

/** One text filter as a search form: applied (trimmed) on submit; Clear shows while it is set. */
export function ListSearch<S extends Spec>({
  controls,
  name,
  label,
  hint,
  placeholder,
  maxLength,
  submitLabel,
  mono = false,
}: {
  controls: ListControls<S>;
  name: keyof S & string;
  label: string;
  hint: string;
  placeholder: string;
  maxLength: number;
  submitLabel: string;
  /** Ids: monospaced, no spell check. */
  mono?: boolean;
}) {
  const applied = controls.filters[name] as string;
  const [draft, setDraft] = useState(applied);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve; a form with role=search is the same landmark
    <form
      role="search"
      className="flex flex-1 items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        controls.set(name, draft.trim());
      }}
    >
      <Field label={label} hint={hint} className="flex-1">
        {(p) => (
          <Input
            {...p}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={placeholder}
            maxLength={maxLength}
            className={mono ? "font-mono" : undefined}
            spellCheck={mono ? false : undefined}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary">
        <SearchIcon className="size-4" /> {submitLabel}
      </Button>
      {applied ? (
        <Button
          variant="ghost"
          onClick={() => {
            setDraft("");
            controls.set(name, "");
          }}
        >
          Clear
        </Button>
      ) : null}
    </form>
  );
}
