import { describe, expect, it } from "vitest";
import { signatureHeader } from "@/lib/webhooks/signature";
import { EXPECTED_PREFIX_CHARS, INBOX_ID, judge, redactHeaders } from "./receive";

const now = new Date("2026-11-24T12:00:00Z");
const body = new TextEncoder().encode('{"id":"evt_1"}');

describe("the public inbox receiver", () => {
  it("redacts credential headers by a pattern over the name, and any header whose value is a credential (issue 42)", () => {
    const stored = redactHeaders({
      "x-password": "hunter22",
      "x-jwt": "eyJhbGciOiJIUzI1NiJ9.e30.sig",
      "x-bearer": "abc",
      "x-forwarded-credential": "c",
      "x-custom": "Bearer s3cr3t-value",
      "x-other": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.abc",
      "content-type": "application/json",
    });
    expect(
      Object.entries(stored)
        .filter(([, v]) => !v.startsWith("[redacted"))
        .map(([k]) => k),
    ).toEqual(["content-type"]);
  });

  it("a mismatch shows only a prefix of the expected signature, never a whole HMAC of a stranger's body", () => {
    const header = signatureHeader("whsec_other", body, Math.floor(now.getTime() / 1000));
    const verdict = judge("whsec_mine", { "x-service-signature": header }, body, now);
    expect(verdict.status).toBe("signature_mismatch");
    const expected = (verdict as { expected?: string }).expected ?? "";
    expect(expected).toHaveLength(EXPECTED_PREFIX_CHARS + 1);
    expect(expected.endsWith("…")).toBe(true);
  });

  it("stores Cookie, Authorization and Proxy-Authorization as sent, not their values", () => {
    const stored = redactHeaders({
      cookie: "session=abc",
      authorization: "Bearer s3cr3t",
      "proxy-authorization": "Basic eA==",
      "content-type": "application/json",
    });
    expect(stored).toEqual({
      cookie: "[redacted: 11 characters]",
      authorization: "[redacted: 13 characters]",
      "proxy-authorization": "[redacted: 10 characters]",
      "content-type": "application/json",
    });
  });

  // finding 9 of the security review: X-Api-Key and friends were stored in clear
  it("stores any header named like a credential redacted, and keeps the service's signature header", () => {
    const stored = redactHeaders({
      "x-api-key": "sk_test_abc",
      "x-auth-token": "t0k3n",
      "x-client-secret": "shh",
      "x-session-id": "s1",
      "x-hub-signature-256": "sha256=abc",
      "x-service-signature": "t=1,v1=ab",
      "x-service-event-id": "evt_1",
      "user-agent": "Settlement-Webhooks/1.0",
    });
    expect(stored).toEqual({
      "x-api-key": "[redacted: 11 characters]",
      "x-auth-token": "[redacted: 5 characters]",
      "x-client-secret": "[redacted: 3 characters]",
      "x-session-id": "[redacted: 2 characters]",
      "x-hub-signature-256": "[redacted: 10 characters]",
      "x-service-signature": "t=1,v1=ab",
      "x-service-event-id": "evt_1",
      "user-agent": "Settlement-Webhooks/1.0",
    });
  });

  it("redacts by what the value looks like too, whatever the header is called (issue 58)", () => {
    const stored = redactHeaders({
      "x-private": "p9Xk2mQv7Lr4Tn8Wz3Yb",
      "x-access": "a1",
      "x-pwd": "hunter2",
      "x-signing": "abc",
      "x-hmac": "00ff",
      "x-tenant-blob": "Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA",
      "x-forwarded-key-like": "prefix sk_production_abcdefghij",
      "x-note": "short words are kept",
      "x-request-id": "req_0mx69rjxl000d74221d85cce7",
      "content-type": "application/json",
    });
    expect(
      Object.entries(stored)
        .filter(([, v]) => !v.startsWith("[redacted"))
        .map(([k]) => k),
    ).toEqual(["x-note", "x-request-id", "content-type"]);
  });

  it("an id with a NUL or of another shape is no inbox (answered 404 before any query)", () => {
    expect(INBOX_ID.test("ibx_AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBe(true);
    for (const id of ["ibx_abc\u0000def", "../admin", "", "a b c d e f g h"]) expect(INBOX_ID.test(id), id).toBe(false);
  });
});
