"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { EVENT_CATALOG, EVENT_GROUPS } from "@/lib/schemas/catalog";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";

/** Checkboxes for the event types, bound to a react-hook-form array field. */
export function EventsPicker({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "events-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {EVENT_GROUPS.map((group) => (
          <div key={group} className="space-y-1.5">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{group}</p>
            {EVENT_TYPES.filter((t) => EVENT_CATALOG[t].group === group).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  value={type}
                  className="size-4 rounded border-slate-300 accent-accent-600"
                  {...field}
                />
                <span className="font-mono text-xs" title={EVENT_CATALOG[type].label}>
                  {type}
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error ? (
        <p id="events-error" role="alert" className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
