/** A page's search parameter as one trimmed string ("" when absent or repeated). Pure. */
export function firstParam(value: string | string[] | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The parameter when it is one of `values`, else undefined. */
export function oneOfParam<T extends string>(values: readonly T[], value: string | string[] | undefined): T | undefined {
  const text = firstParam(value);
  return (values as readonly string[]).includes(text) ? (text as T) : undefined;
}
