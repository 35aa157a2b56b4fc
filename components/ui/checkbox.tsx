import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

/** A native checkbox with its words beside it, the whole line clickable. */
export function Checkbox({
  checked,
  onChange,
  children,
  className,
  disabled,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn("flex items-start gap-2", className)}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
