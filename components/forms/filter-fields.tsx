/**
 * The fields of the plain GET filter forms (Events, Request log, Balances): server-rendered, no
 * script; a filtered view is a link.
 */
import { cn } from "@/lib/ui/cn";

const FIELD = "h-9 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm";
const LABEL = "grid gap-1 text-sm text-slate-700";

export function FilterSelect({
  name,
  label,
  value,
  options,
  anyLabel = "Any",
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  /** The empty choice's label; null for none (a value is always chosen). */
  anyLabel?: string | null;
}) {
  return (
    <label className={LABEL}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={FIELD}>
        {anyLabel === null ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterInput({
  name,
  label,
  value,
  placeholder,
  className,
  type,
}: {
  name: string;
  label: string;
  value: string | undefined;
  placeholder?: string;
  className?: string;
  /** "date" for a calendar day; otherwise text, in monospace (ids, paths, keys). */
  type?: "date";
}) {
  return (
    <label className={cn(LABEL, className)}>
      {label}
      <input type={type} name={name} defaultValue={value ?? ""} placeholder={placeholder} className={cn(FIELD, type === undefined && "font-mono")} />
    </label>
  );
}
