"use client";

import { useRef, useState, type FormEvent } from "react";
import type { ActionError } from "@/lib/dashboard/action-result";

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * A small form for the sign-in and password pages, without a form library: on submit it reads the
 * named fields, shows the browser's check (`check`) on the fields and focuses the first, or hands
 * the values to `send`. A server refusal's field messages land on their fields the same way; a
 * field's message clears as soon as it is edited.
 */
export function useCheckedForm<F extends string>(
  fields: readonly F[],
  check: (values: Record<F, string>) => Errors<F>,
) {
  const [errors, setErrors] = useState<Errors<F>>({});
  const element = useRef<HTMLFormElement | null>(null);

  function show(next: Errors<F>): boolean {
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (!first) return false;
    const control = element.current?.elements.namedItem(first);
    if (control instanceof HTMLElement) control.focus();
    return true;
  }

  const isField = (path: string): path is F => (fields as readonly string[]).includes(path);

  return {
    errors,
    /** Spread onto each input: its name and the edit that clears its message. */
    field: (name: F) => ({
      name,
      onInput: () => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current)),
    }),
    /** The form's onSubmit: checks, then calls `send` with the values. */
    onSubmit: (send: (values: Record<F, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      element.current = event.currentTarget;
      const data = new FormData(event.currentTarget);
      const values = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? "")])) as Record<F, string>;
      if (show(check(values))) return;
      send(values);
    },
    /** Empties one field (a refused password), or with no name the whole form (after a change). */
    clear: (name?: F) => {
      const control = name ? element.current?.elements.namedItem(name) : null;
      if (!name) element.current?.reset();
      else if (control instanceof HTMLInputElement) control.value = "";
    },
    /** Puts a refused action's field messages on their fields (each field's first); returns the rest. */
    showServerErrors: (error: ActionError): ActionError["details"] => {
      const next: Errors<F> = {};
      for (const { path, message } of error.details) if (isField(path)) next[path] ??= message;
      show(next);
      return error.details.filter((d) => !isField(d.path));
    },
  };
}
