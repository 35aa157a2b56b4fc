import { describe, expect, it } from "vitest";
import { safeError } from "./safe-error";

// finding 13 of the security review: raw database errors were logged with their parameters
describe("safeError: database errors logged by code, not with their parameters", () => {
  it("keeps a database error's SQLSTATE and names, never its statement, parameters or detail", () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "console_users_email_key"'),
      {
        code: "23505",
        table: "console_users",
        constraint: "console_users_email_key",
        detail: "Key (email)=(pat@example.com) already exists.",
      },
    );
    const wrapped = Object.assign(
      new Error(
        "Failed query: insert into console_users (email, password) values ($1, $2)\nparams: pat@example.com,hunter2-secret",
      ),
      {
        cause: pgError,
      },
    );
    for (const error of [pgError, wrapped]) {
      const text = safeError(error);
      expect(text).toBe("database error 23505 (table console_users, constraint console_users_email_key)");
      expect(text).not.toContain("pat@example.com");
      expect(text).not.toContain("hunter2");
    }
  });

  it("cuts a query builder's message before its statement and parameters", () => {
    const text = safeError(new Error("Failed query: select * from console_users where token = $1\nparams: tok_secret"));
    expect(text).not.toContain("tok_secret");
    expect(text).not.toContain("select");
    expect(safeError(new Error("plain failure"))).toMatch(/^Error: plain failure/);
  });
});
