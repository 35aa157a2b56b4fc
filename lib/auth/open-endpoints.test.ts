import { describe, expect, it } from "vitest";
import { isOpenAuthEndpoint } from "./open-endpoints";

// findings 1 and 2 of the security review: better-auth's password oracle and session endpoints
describe("better-auth endpoints over HTTP (an allowlist)", () => {
  it("closes verify-password, the session endpoints and anything unknown", () => {
    for (const path of [
      "/api/auth/verify-password",
      "/api/auth/list-sessions",
      "/api/auth/revoke-session",
      "/api/auth/revoke-sessions",
      "/api/auth/revoke-other-sessions",
      "/api/auth/update-session",
      "/api/auth/list-accounts",
      "/api/auth/get-session",
      "/api/auth/sign-in/email",
      "/api/auth/some-endpoint-of-a-later-version",
    ]) {
      expect(isOpenAuthEndpoint("POST", path), path).toBe(false);
      expect(isOpenAuthEndpoint("GET", path), path).toBe(false);
    }
  });
  it("serves signing out, and only by POST", () => {
    expect(isOpenAuthEndpoint("POST", "/api/auth/sign-out")).toBe(true);
    expect(isOpenAuthEndpoint("GET", "/api/auth/sign-out")).toBe(false);
  });
});
