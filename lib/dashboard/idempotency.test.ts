import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyForSubmission } from "./idempotency";

describe("keyForSubmission", () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the key for the same body (a retry or a double submit), and gives a changed body a fresh one", () => {
    let n = 0;
    const fresh = () => `fresh-${++n}`;
    expect(keyForSubmission("k1", { amount: "500" }, fresh)).toBe("k1");
    expect(keyForSubmission("k1", { amount: "500" }, fresh)).toBe("k1");
    // Back to the form, which still carries k1, with another amount: a new intended submission.
    expect(keyForSubmission("k1", { amount: "501" }, fresh)).toBe("fresh-1");
    // ... whose retries keep the new key.
    expect(keyForSubmission("fresh-1", { amount: "501" }, fresh)).toBe("fresh-1");
    // A key never sent is used as it is, whatever the body (the builder's snippet may have sent it by curl).
    expect(keyForSubmission("k2", { amount: "1" }, fresh)).toBe("k2");
  });
});
