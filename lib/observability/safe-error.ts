/**
 * An error as the log may keep it (docs/decisions/ D13.12): a database error by its SQLSTATE
 * code and the names of what it concerns (table, column, constraint), never its statement, its
 * parameters or its detail (`Key (email)=(…)`), which may hold a person's data or a secret; any
 * other error by its name and message, with the first lines of its stack. Browser-safe.
 */
type DatabaseErrorFields = {
  code?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

function databaseError(error: unknown): DatabaseErrorFields | null {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as DatabaseErrorFields).code;
    if (typeof code === "string" && SQLSTATE.test(code)) return e as DatabaseErrorFields;
  }
  return null;
}

export function safeError(error: unknown): string {
  const db = databaseError(error);
  if (db) {
    const names = (["table", "column", "constraint"] as const)
      .map((k) => (typeof db[k] === "string" && db[k] ? `${k} ${db[k] as string}` : null))
      .filter(Boolean);
    return `database error ${db.code as string}${names.length ? ` (${names.join(", ")})` : ""}`;
  }
  if (error instanceof Error) {
    // A query builder's own message repeats the statement and its parameters: cut there.
    const message = error.message.split(/\n?\s*(?:params:|Failed query:)/)[0] || error.name;
    const stack = (error.stack ?? "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 3)
      .join("\n");
    return `${error.name}: ${message.slice(0, 500)}${stack ? `\n${stack}` : ""}`;
  }
  return String(error).slice(0, 500);
}
