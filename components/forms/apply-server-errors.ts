import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ActionError } from "@/lib/dashboard/action-result";
import { namedMessage } from "@/lib/schemas/field-label";

/**
 * Puts a refused action's `details[].path` messages on their fields (decisions D2.1), focusing the
 * first. Returns the details that matched no field, for the form-level message. `known` says
 * whether a path is a field (or lists the fields).
 */
export function applyServerErrors<T extends FieldValues>(
  error: ActionError,
  setError: UseFormSetError<T>,
  known: ((path: string) => boolean) | readonly string[],
  mapPath: (path: string) => string = (p) => p,
): ActionError["details"] {
  const isField = typeof known === "function" ? known : (path: string) => known.includes(path);
  const unmatched: ActionError["details"] = [];
  let focused = false;
  for (const detail of error.details) {
    const path = mapPath(detail.path);
    if (path && isField(path)) {
      setError(
        path as Path<T>,
        { type: "server", message: namedMessage(detail.path, detail.message) },
        { shouldFocus: !focused },
      );
      focused = true;
    } else {
      unmatched.push(detail);
    }
  }
  return unmatched;
}
