import { describe, expect, it } from "vitest";
import { fromSameOrigin } from "./same-origin";

const post = (headers: Record<string, string>) =>
  new Request("http://console.local/batches/upload", { method: "POST", headers });

describe("a state-changing route's same-origin check (issue 42)", () => {
  it("believes Sec-Fetch-Site, then Origin against Host", () => {
    expect(fromSameOrigin(post({ "sec-fetch-site": "same-origin" }), 0)).toBe(true);
    expect(fromSameOrigin(post({ "sec-fetch-site": "cross-site" }), 0)).toBe(false);
    expect(fromSameOrigin(post({ origin: "http://console.local", host: "console.local" }), 0)).toBe(true);
    expect(fromSameOrigin(post({ origin: "http://evil.example", host: "console.local" }), 0)).toBe(false);
  });

  it("ignores a client's X-Forwarded-Host unless a trusted proxy is configured", () => {
    const forged = post({ origin: "http://evil.example", host: "console.local", "x-forwarded-host": "evil.example" });
    expect(fromSameOrigin(forged, 0)).toBe(false);
    expect(fromSameOrigin(forged, 1)).toBe(true); // behind a proxy we run, it wrote that header
  });
});
