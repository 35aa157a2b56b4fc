"use client";

import { useState } from "react";
import { useApiBaseUrl } from "@/components/auth/actor-context";
import { CopyButton } from "@/components/ui/copy-button";
import type { ApiCall } from "@/lib/dashboard/api-calls";
import { curlFor, fetchFor, KEY_PLACEHOLDER } from "@/lib/dashboard/api-snippets";
import { cn } from "@/lib/ui/cn";
import { CodeBlock } from "@/components/ui/code-block";

const FORMATS = { curl: { label: "curl", make: curlFor }, fetch: { label: "fetch", make: fetchFor } } as const;
type Format = keyof typeof FORMATS;

/**
 * "As an API call": the request a form will send (or just sent) as curl and as `fetch`, folded
 * by default. The key is a placeholder; the base URL is the current environment's. `call` is
 * null while the form cannot yet be sent (then it says what is missing instead).
 */
export function ApiCallPreview({
  call,
  sent = false,
  unavailable = "Fill in the form to see the request.",
  className,
}: {
  call: ApiCall | null;
  /** The call shown is the one just sent (else: the one the form will send). */
  sent?: boolean;
  unavailable?: string;
  className?: string;
}) {
  const baseUrl = useApiBaseUrl();
  const [format, setFormat] = useState<Format>("curl");
  const text = call ? FORMATS[format].make({ baseUrl, ...call, pretty: true }) : null;
  return (
    <details
      className={cn("group min-w-0 rounded-lg border border-slate-200 bg-slate-50", className)}
      data-testid="api-call-preview"
    >
      <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-xs font-semibold text-slate-700 select-none">
        <span>As an API call</span>
        <span className="font-normal text-slate-500">{call ? `${call.method} ${call.path}` : null}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-3 py-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: role=group names them without a fieldset's box */}
          <div
            className="inline-flex rounded-md border border-slate-200 bg-white p-0.5"
            role="group"
            aria-label="Snippet format"
          >
            {(Object.keys(FORMATS) as Format[]).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={format === f}
                onClick={() => setFormat(f)}
                className={cn(
                  "rounded px-2 py-0.5 text-xs font-medium",
                  format === f ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {FORMATS[f].label}
              </button>
            ))}
          </div>
          {text ? (
            <CopyButton value={text} label={`Copy as ${FORMATS[format].label}`} showText className="bg-white" />
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          {sent ? "The request just sent." : "The request this form will send."} The key is the placeholder{" "}
          <code className="font-mono">{format === "curl" ? KEY_PLACEHOLDER : "process.env.SETTLEMENT_API_KEY"}</code>.
        </p>
        {text ? (
          <CodeBlock
            className="max-h-80 overflow-auto rounded-md bg-white p-3 font-mono text-xs leading-relaxed text-slate-800"
            data-testid={`api-call-${format}`}
          >
            {text}
          </CodeBlock>
        ) : (
          <p className="text-xs text-slate-600">{unavailable}</p>
        )}
      </div>
    </details>
  );
}
