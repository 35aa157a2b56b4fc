"use client";

import { type Control, type FieldValues, useWatch } from "react-hook-form";
import { ApiCallPreview } from "@/components/forms/api-call-preview";
import type { ApiCall } from "@/lib/dashboard/api-calls";

/**
 * The preview of a react-hook-form form's call: it watches the form itself, so a keystroke
 * re-renders this fold, not the whole form. `toCall` maps the current values to the call.
 */
export function FormApiCallPreview<T extends FieldValues, C = unknown, O = T>({
  control,
  toCall,
}: {
  control: Control<T, C, O>;
  toCall: (values: T) => ApiCall;
}) {
  const values = useWatch({ control }) as T;
  return <ApiCallPreview call={toCall(values)} />;
}
