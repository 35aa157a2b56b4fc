"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { AlertIcon, CheckIcon, InfoIcon, XIcon } from "./icons";

export type ToastTone = "info" | "success" | "error";
export type ToastInput = {
  title: string;
  description?: string;
  tone?: ToastTone /** ms; default 5000, errors 8000. */;
  duration?: number;
};
type ToastItem = ToastInput & { id: number; tone: ToastTone };

type ToastApi = { toast: (t: ToastInput) => void; dismiss: (id: number) => void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Announces toasts politely (aria-live) in a stack at the top centre of the content, over the
 * page's title rather than over the forms and panels people act in (the Simulate panel sits at
 * the bottom right). Mount once, in Providers.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const toast = useCallback(
    (t: ToastInput) => {
      const id = nextId.current++;
      const tone = t.tone ?? "info";
      setItems((xs) => [...xs.slice(-3), { ...t, tone, id }]);
      window.setTimeout(() => dismiss(id), t.duration ?? (tone === "error" ? 8000 : 5000));
    },
    [dismiss],
  );
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="false"
        // Bottom right (bottom centre on a phone): never over the search box or the page's title (issue 35, finding 23).
        className="pointer-events-none fixed bottom-4 left-1/2 z-[60] flex w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col gap-2 sm:right-4 sm:left-auto sm:translate-x-0"
      >
        {items.map((t) => (
          <div
            key={t.id}
            role="status"
            className="pointer-events-auto flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3.5 shadow-lg"
          >
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full",
                t.tone === "success" && "bg-emerald-100 text-emerald-700",
                t.tone === "error" && "bg-red-100 text-red-700",
                t.tone === "info" && "bg-accent-100 text-accent-700",
              )}
            >
              {t.tone === "error" ? (
                <AlertIcon className="size-3" />
              ) : t.tone === "success" ? (
                <CheckIcon className="size-3" />
              ) : (
                <InfoIcon className="size-3.5" />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{t.title}</p>
              {t.description ? <p className="mt-0.5 text-sm text-slate-600">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Dismiss notification"
            >
              <XIcon />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: "Request created", tone: "success" })`. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside <ToastProvider> (mounted by Providers)");
  return ctx;
}
