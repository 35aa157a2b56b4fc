"use client";

import dynamic from "next/dynamic";
import { type Control, type FieldValues, useWatch } from "react-hook-form";
import type { ApiCall } from "@/lib/dashboard/api-calls";

/** The fold (snippets, copy) loads just after the form, behind a closed fold of the same size. */
const ApiCallPreview = dynamic(() => import("./api-call-preview").then((m) => m.ApiCallPreview), {
  ssr: false,
  loading: () => (
    <div
      className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700"
      aria-hidden="true"
    >
      As an API call
    </div>
  ),
});

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
