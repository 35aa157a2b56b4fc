"use client";

import { useState, type FormEvent } from "react";
import type { ActionError } from "@/lib/actions/result";

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * A small form for the sign-in and password pages, without a form library: on submit it reads the
 * named fields, shows the browser's check (`check`) on the fields and focuses the first, or hands
 * the values to `send`. A server refusal's field messages land on their fields the same way; a
 * field's message clears as soon as it is edited.
 */
export function useCheckedForm<F extends string>(fields: readonly F[], check: (values: Record<F, string>) => Errors<F>) {
  const [errors, setErrors] = useState<Errors<F>>({});

  function show(form: HTMLFormElement, next: Errors<F>): boolean {
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (!first) return false;
    const control = form.elements.namedItem(first);
    if (control instanceof HTMLElement) control.focus();
    return true;
  }

  return {
    errors,
    /** Spread onto each input: its name and the edit that clears its message. */
    field: (name: F) => ({
      name,
      onInput: () => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current)),
    }),
    /** The form's onSubmit: checks, then calls `send` with the values and the form element. */
    onSubmit: (send: (values: Record<F, string>, form: HTMLFormElement) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const data = new FormData(form);
      const values = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? "")])) as Record<F, string>;
      if (show(form, check(values))) return;
      send(values, form);
    },
    /** Puts a refused action's field messages on their fields; true if any landed. */
    showServerErrors: (form: HTMLFormElement, error: ActionError): boolean =>
      show(form, Object.fromEntries([...error.details].reverse().filter((d) => (fields as readonly string[]).includes(d.path)).map((d) => [d.path, d.message])) as Errors<F>),
  };
}
