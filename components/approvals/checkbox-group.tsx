"use client";

import type { UseFormRegisterReturn } from "react-hook-form";

/** Checkboxes bound to a react-hook-form array field, with a legend and an announced error. */
export function CheckboxGroup({
  legend,
  options,
  field,
  error,
  name,
}: {
  legend: string;
  options: Array<{ value: string; label: string }>;
  field: UseFormRegisterReturn;
  error?: string;
  name: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              value={o.value}
              className="size-4 rounded border-slate-300 accent-accent-600"
              {...field}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
