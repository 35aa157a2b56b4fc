import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ActionError } from "@/lib/actions/result";
import { namedMessage } from "@/lib/schemas/field-label";

/**
 * Puts the API's `details[].path` messages on their fields (STYLE §10). Returns the details
 * that matched no field, for the form-level message. `known` says whether a path is a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ActionError,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
  mapPath: (path: string) => string = (p) => p,
): ActionError["details"] {
  const unmatched: ActionError["details"] = [];
  let focused = false;
  for (const detail of error.details) {
    const path = mapPath(detail.path);
    if (path && known(path)) {
      setError(path as Path<T>, { type: "server", message: namedMessage(detail.path, detail.message) }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(detail);
    }
  }
  return unmatched;
}
