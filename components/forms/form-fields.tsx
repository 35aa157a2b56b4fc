"use client";

import { get, useFormContext, type FieldError, type FieldValues, type Path, type PathValue } from "react-hook-form";
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Input, type InputProps } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";

/** The error message react-hook-form holds for a (nested) field name. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as FieldError | undefined;
  return error?.message;
}

type Common<T extends FieldValues> = {
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

/** A labelled text input bound to the form, its error shown and announced under it. */
export function TextField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  inputClassName,
  normalize,
  ...input
}: Common<T> &
  Omit<InputProps, "name" | "className"> & {
    /** Classes for the input itself (className styles the field). */
    inputClassName?: string;
    /** Applied when the field loses focus, and shown: what people paste made into what the API takes. */
    normalize?: (value: string) => string;
  }) {
  const { register, setValue } = useFormContext<T>();
  const error = useFieldError(name);
  const field = register(name);
  const onBlur: typeof field.onBlur = normalize
    ? (event) => {
        const target = event.target as HTMLInputElement;
        const next = normalize(target.value);
        if (next !== target.value) {
          target.value = next;
          setValue(name, next as PathValue<T, Path<T>>);
        }
        return field.onBlur(event);
      }
    : field.onBlur;
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => <Input {...p} {...input} className={inputClassName} {...field} onBlur={onBlur} />}
    </Field>
  );
}

/** A labelled native select bound to the form. `onValueChange` runs after the form has the value. */
export function SelectField<T extends FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  options,
  onValueChange,
}: Common<T> & { options: readonly (string | SelectOption)[]; onValueChange?: (value: string) => void }) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  const field = register(name);
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(p) => (
        <Select
          {...p}
          {...field}
          options={options}
          onChange={async (e) => {
            await field.onChange(e);
            onValueChange?.(e.target.value);
          }}
        />
      )}
    </Field>
  );
}
