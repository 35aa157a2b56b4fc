import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "@/lib/ui/cn";
import { controlClasses } from "./control-styles";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  /** Right-aligned tabular figures, for amounts and rates. */
  numeric?: boolean;
};

export function Input({ className, numeric, ...props }: InputProps) {
  return <input className={cn(controlClasses, "h-9", numeric && "text-right tabular-nums", className)} {...props} />;
}
