/**
 * Headers on every answer (issue 42, item 9): the proxy's matcher covers every console path, a
 * dotted one included, and the console's own server sets the same base headers as next.config.ts
 * (so Next's answers made before its config applies carry them too).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { BASE_SECURITY_HEADERS } from "./security-headers";

const matcher = new RegExp(`^${config.matcher[0]}$`);

describe("security headers reach every answer", () => {
  it("the proxy (CSP, HSTS, the session check) runs on dotted console and payer paths, not on the API or Next's files", () => {
    for (const path of [
      "/settlement-requests",
      "/pay/eyJhbGciOi.abc123",
      "/settlement-requests/req.v2",
      "/approvals/sub_1.json",
      "/robots.txt",
      "/inbox/ibx_1",
    ])
      expect(matcher.test(path), path).toBe(true);
    for (const path of [
      "/v0/settlement-requests",
      "/v1/payments",
      "/_next/static/chunk.js",
      "/favicon.svg",
      "/api/ready",
    ])
      expect(matcher.test(path), path).toBe(false);
  });

  it("scripts/serve.mjs sets the same base headers as next.config.ts", () => {
    const serve = readFileSync("scripts/serve.mjs", "utf8");
    for (const { key, value } of BASE_SECURITY_HEADERS) expect(serve).toContain(`["${key}", "${value}"]`);
  });
});
