import { describe, expect, it } from "vitest";
import { databaseAvailability, isDatabaseUnavailable, markDatabaseReachable, withoutParameters } from "./availability";

/** A query builder's error as drizzle makes it: the statement and its parameters in the message. */
const failedQuery = (cause: unknown) =>
  Object.assign(new Error('Failed query: select * from "session" where token = $1\nparams: tok_SeCrEt123456789'), {
    cause,
  });

describe("a read that failed on the way to a page (issue 58)", () => {
  it("while the database is away: says so, without the parameters, and marks it away (a 503 with Retry-After)", () => {
    const error = withoutParameters(
      failedQuery(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })),
      "reading the session",
    );
    expect(error.message).toBe("The database cannot be reached (reading the session)");
    expect(`${error.message} ${error.stack}`).not.toContain("tok_SeCrEt");
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(databaseAvailability().up).toBe(false);
    markDatabaseReachable();
  });

  it("any other failure keeps its words and drops the statement and its parameters", () => {
    const error = withoutParameters(failedQuery(new Error("syntax")), "reading the session");
    expect(error.message).toBe("reading the session failed");
    expect(`${error.message} ${error.stack}`).not.toContain("tok_SeCrEt");
    const plain = withoutParameters(new Error("relation does not exist"), "reading the session");
    expect(plain.message).toBe("reading the session failed: relation does not exist");
  });
});
