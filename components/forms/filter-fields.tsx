/**
 * The fields of the plain GET filter forms (Events, Request log, Balances): server-rendered, no
 * script; a filtered view is a link.
 */
import { controlClasses } from "@/components/ui/control-styles";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/ui/cn";

const FIELD = cn(controlClasses, "h-9 min-w-0");
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
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the select below, inside the label
    <label className={LABEL}>
      {label}
      <Select
        name={name}
        defaultValue={value ?? ""}
        className="min-w-0"
        placeholder={anyLabel ?? undefined}
        options={options as string[]}
      />
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
      <input
        type={type}
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className={cn(FIELD, type === undefined && "font-mono")}
      />
    </label>
  );
}
