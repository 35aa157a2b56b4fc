import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";
import { controlClasses } from "./control-styles";

export type SelectOption = { value: string; label?: string; disabled?: boolean };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  /** Convenience: render these as <option>s (children are rendered after them). */
  options?: readonly (string | SelectOption)[];
  /** Adds a first, empty option with this label (e.g. "All statuses"). */
  placeholder?: string;
};

/** A native <select> (keyboard, mobile pickers and autofill for free), styled like the inputs. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(controlClasses, "h-9 appearance-none pr-9", className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((o) => {
          const opt = typeof o === "string" ? { value: o } : o;
          return (
            <option key={opt.value} value={opt.value} disabled={opt.disabled}>
              {opt.label ?? opt.value}
            </option>
          );
        })}
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      >
        <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
      </svg>
    </div>
  );
}
