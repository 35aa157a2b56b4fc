import type { LabelHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean };

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: htmlFor comes in props from Field, which renders the control
    <label className={cn("block text-sm font-medium text-slate-800", className)} {...props}>
      {children}
      {required ? (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}
