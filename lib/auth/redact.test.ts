import { describe, expect, it } from "vitest";
import { redact, targetIdOf } from "./redact";

describe("redact", () => {
  const key = "sk_live_Zx8QmH3p0aL9dWq2vK7rT5yB1nC4eF6g";
  it.each([
    [`revoked ${key}`, "revoked sk_live_Zx8QmH…"],
    ["secret whsec_abcDEF123456", "secret whsec_…"],
    ["Authorization: Bearer eyJhbGciOi.xyz", "Authorization: Bearer …"],
    ["password=hunter2hunter2", "password=…"],
    ["api_key: abc", "api_key: …"],
    [`token ${"a".repeat(40)}`, "token [redacted]"],
  ])("%s", (input, expected) => {
    expect(redact(input)).toBe(expected);
    expect(redact(input)).not.toContain(key.slice(14));
  });

  it("strips control characters and bounds the length", () => {
    expect(redact("a\nb\u0000c")).toBe("a b c");
    expect(redact("x".repeat(10), 5)).toBe("xxxx…");
  });
});

describe("targetIdOf", () => {
  it("takes the created record's id, else the input's", () => {
    expect(targetIdOf({ idempotencyKey: "k" }, { id: "sr_123" })).toBe("sr_123");
    expect(targetIdOf({ id: "wh_9", url: "https://x" })).toBe("wh_9");
    expect(targetIdOf({ userId: "AbCdEfGhIjKlMnOpQrStUvWxYz012345" })).toBe("AbCdEfGhIjKlMnOpQrStUvWxYz012345");
  });
  it("never keeps a key or a non-id", () => {
    expect(targetIdOf({ id: "sk_test_aaaaaaaaaaaaaaaaaaaaaaaa" })).toBe("sk_test_aaaaaa…");
    expect(targetIdOf({ id: "has spaces" })).toBeNull();
    expect(targetIdOf("x", 3)).toBeNull();
  });
});
