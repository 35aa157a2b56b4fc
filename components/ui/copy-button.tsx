"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/ui/cn";
import { CheckIcon, CopyIcon } from "./icons";

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy request id". Defaults to "Copy". */
  label?: string;
  /** Show the word next to the icon (default: icon only, the label is for screen readers). */
  showText?: boolean;
  className?: string;
};

/** Copies `value`; shows "Copied" for 2 s and announces it. A real <button>: Enter and Space work. */
export function CopyButton({ value, label = "Copy", showText = false, className }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState("idle"), 2000);
  }

  const text = state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label;
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={showText ? undefined : text}
      title={text}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 print:hidden",
        state === "copied" && "text-emerald-700 hover:text-emerald-700",
        className,
      )}
    >
      {state === "copied" ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
      {showText ? <span>{text}</span> : null}
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied" : ""}
      </span>
    </button>
  );
}
