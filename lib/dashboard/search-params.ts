/** A page's search parameter as one trimmed string ("" when absent or repeated). Pure. */
export function firstParam(value: string | string[] | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The parameter when it is one of `values`, else undefined. */
export function oneOfParam<T extends string>(
  values: readonly T[],
  value: string | string[] | undefined,
): T | undefined {
  const text = firstParam(value);
  return (values as readonly string[]).includes(text) ? (text as T) : undefined;
}

/** The parameter when it is a real calendar date (YYYY-MM-DD), else "". */
export function dateParam(value: string | string[] | undefined): string {
  const text = firstParam(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : "";
}
