import { describe, expect, it } from "vitest";
import { accessLogLevel, SLOW_REQUEST_MS } from "./observe";

describe("the access log's level (decision D16.13)", () => {
  it("keeps a fast success at debug, a client error or a slow answer at info, a server error at error", () => {
    expect(accessLogLevel(200, 3)).toBe("debug");
    expect(accessLogLevel(201, SLOW_REQUEST_MS - 1)).toBe("debug");
    expect(accessLogLevel(200, SLOW_REQUEST_MS)).toBe("info");
    expect(accessLogLevel(404, 2)).toBe("info");
    expect(accessLogLevel(429, 1)).toBe("info");
    expect(accessLogLevel(500, 1)).toBe("error");
    expect(accessLogLevel(503, 900)).toBe("error");
  });
});
