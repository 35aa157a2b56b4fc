/**
 * Messages for a person, naming the field, in place of zod's defaults ("Invalid input: expected
 * string, received undefined"). Installed once as zod's global error map by `zod.ts`, so the
 * service's 400 details and the console's forms say the same thing. Messages a schema writes
 * itself ("Must be an ISO 3166-1 alpha-2 country code…") are kept; `namedMessage` puts the
 * field's name in front of them where a form shows them.
 */
import type { z } from "zod";
import { fieldLabel } from "./field-label";

export { fieldLabel, namedMessage } from "./field-label";

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

function listed(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return values.length > 8 ? `${shown.join(", ")}, …` : shown.join(", ");
}

/** zod's global error map: a message for the issues whose schema did not write one. */
export function humanIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  if (
    issue.input === undefined &&
    (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union")
  ) {
    return `${label} is required`;
  }
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === null) return `${label} must not be null`;
      return `${label} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `${label} must be ${listed(issue.values)}`
        : `${label} must be one of ${listed(issue.values)}`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? `${label} must not be empty`
          : `${label} must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === "array" || issue.origin === "set") return `${label} needs at least ${issue.minimum}`;
      return `${label} must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `${label} must be at most ${issue.maximum} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `${label} takes at most ${issue.maximum}`;
      return `${label} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}`;
    case "invalid_format":
      return `${label} is not a valid ${issue.format === "datetime" ? "ISO 8601 date and time" : issue.format}`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `${label} does not match any accepted shape`;
    default:
      return undefined;
  }
}
