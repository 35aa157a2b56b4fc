/**
 * The console's logger as configured, captured (issue 60: the suite ran it muted, so its
 * redaction was never exercised): a secret in any of the fields it knows is written as
 * "[redacted]", at the top level, one level down and in headers, and nothing of it reaches the line.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { consoleLogger } from "./log";

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: consoleLogger(stream), lines };
}

const SECRET = "sk_live_Zx8QmH3p0aL9dWq2vK7rT5yB1nC4eF6g";

describe("the console's log line", () => {
  it.each([
    ["password", { password: SECRET }],
    ["a nested new password", { body: { newPassword: SECRET } }],
    ["an api key", { api_key: SECRET }],
    ["a token one level down", { session: { token: SECRET } }],
    ["an Authorization header", { headers: { authorization: `Bearer ${SECRET}` } }],
    ["an X-Api-Key header one level down", { request: { headers: { "x-api-key": SECRET } } }],
    ["a cookie header", { headers: { cookie: `session=${SECRET}` } }],
  ])("never carries %s", (_what, fields) => {
    const { logger, lines } = captured();
    logger.info(fields, "something happened");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("[redacted]");
    expect(lines[0]).not.toContain(SECRET.slice(8));
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: "info", msg: "something happened" });
  });

  it("keeps what is not a secret (ids, routes, statuses)", () => {
    const { logger, lines } = captured();
    logger.info({ request_id: "req_1", route: "/v0/disbursements", status: 201 }, "api request");
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      request_id: "req_1",
      route: "/v0/disbursements",
      status: 201,
    });
  });
});
