/** What the console's own actions (sign-in, account, administration) return. Browser-safe. */
export type ConsoleActionError = {
  code: string;
  message: string;
  /** Problems by form field name; the form shows each under its field. */
  fields?: Record<string, string>;
};

export type ConsoleActionResult<T> = { ok: true; data: T } | { ok: false; error: ConsoleActionError };
