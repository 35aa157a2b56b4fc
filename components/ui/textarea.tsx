import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";
import { controlClasses } from "./control-styles";

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, "py-2 leading-relaxed", className)} {...props} />;
}
