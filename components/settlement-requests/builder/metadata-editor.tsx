"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { useFieldError } from "@/components/forms/form-fields";
import { METADATA_MAX_KEYS, METADATA_MAX_KEY_LENGTH, METADATA_MAX_VALUE_LENGTH } from "./metadata-limits";
import type { BuilderValues } from "./builder-values";

/** Key/value rows for `metadata`, with the document's limits (50 keys, 40 / 500 characters). */
export function MetadataEditor() {
  const { control, register } = useFormContext<BuilderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "metadata_rows" });
  const rootError = useFieldError("metadata_rows.root");

  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <p className="text-sm font-medium text-slate-800">Metadata</p>
        <p className="text-xs text-slate-500 tabular-nums">
          {fields.length} / {METADATA_MAX_KEYS} keys · key ≤ {METADATA_MAX_KEY_LENGTH}, value ≤{" "}
          {METADATA_MAX_VALUE_LENGTH} characters
        </p>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">
          No metadata. Add string key/value pairs that are echoed on every read and webhook.
        </p>
      ) : (
        <ul className="space-y-2">
          {fields.map((field, i) => (
            <MetadataRowInputs key={field.id} index={i} onRemove={() => remove(i)} register={register} />
          ))}
        </ul>
      )}
      {rootError ? (
        <p role="alert" className="mt-1.5 text-xs font-medium text-red-700">
          {rootError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={fields.length >= METADATA_MAX_KEYS}
        onClick={() => append({ key: "", value: "" })}
      >
        <PlusIcon className="size-3.5" /> Add metadata
      </Button>
    </div>
  );
}

function MetadataRowInputs({
  index,
  onRemove,
  register,
}: {
  index: number;
  onRemove: () => void;
  register: ReturnType<typeof useFormContext<BuilderValues>>["register"];
}) {
  const keyError = useFieldError(`metadata_rows.${index}.key`);
  const valueError = useFieldError(`metadata_rows.${index}.value`);
  const keyId = `metadata-${index}-key`;
  const valueId = `metadata-${index}-value`;
  return (
    <li className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
      <div>
        <label htmlFor={keyId} className="sr-only">
          Key {index + 1}
        </label>
        <Input
          id={keyId}
          placeholder="key"
          maxLength={METADATA_MAX_KEY_LENGTH + 10}
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? `${keyId}-error` : undefined}
          {...register(`metadata_rows.${index}.key`)}
        />
        {keyError ? (
          <p id={`${keyId}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
            {keyError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={valueId} className="sr-only">
          Value {index + 1}
        </label>
        <Input
          id={valueId}
          placeholder="value"
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? `${valueId}-error` : undefined}
          {...register(`metadata_rows.${index}.value`)}
        />
        {valueError ? (
          <p id={`${valueId}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
            {valueError}
          </p>
        ) : null}
      </div>
      <Button variant="ghost" size="md" aria-label={`Remove metadata row ${index + 1}`} onClick={onRemove}>
        <XIcon className="size-4" />
      </Button>
    </li>
  );
}
