import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, stepAt, totpAt } from "./totp";

// RFC 6238 Appendix B (SHA1): the seed is the ASCII string "12345678901234567890".
const SEED = Buffer.from("12345678901234567890", "ascii");
const SEED32 = base32Encode(SEED);

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC's test vectors", () => {
    const vectors: Array<[number, string]> = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(totpAt(SEED32, seconds * 1000, 8), String(seconds)).toBe(code);
  });

  it("matches RFC 4226's HOTP values", () => {
    expect([0, 1, 2, 9].map((c) => hotp(SEED, c))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("round-trips base32 and refuses what is not", () => {
    expect(base32Decode(SEED32).equals(SEED)).toBe(true);
    expect(SEED32).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv")).toEqual(base32Decode("GEZDGNBV"));
    expect(() => base32Decode("GEZ1")).toThrow();
    // RFC 4648 §10's vectors, unpadded as authenticator apps write them.
    const vectors: Array<[string, string]> = [
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(`${encoded}===`).toString()).toBe(plain);
    }
  });

  it("accepts a code one step either side, and never a step already used", () => {
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(SEED32, totpAt(SEED32, now), now, null)).toBe(step);
    expect(matchingStep(SEED32, totpAt(SEED32, now - 30_000), now, null)).toBe(step - 1);
    expect(matchingStep(SEED32, totpAt(SEED32, now + 30_000), now, null)).toBe(step + 1);
    expect(matchingStep(SEED32, totpAt(SEED32, now - 90_000), now, null)).toBeNull();
    expect(matchingStep(SEED32, totpAt(SEED32, now), now, step)).toBeNull();
    expect(matchingStep(SEED32, "12345", now, null)).toBeNull();
    expect(matchingStep(SEED32, "abcdef", now, null)).toBeNull();
    const spaced = totpAt(SEED32, now).replace(/^(\d{3})/, "$1 ");
    expect(matchingStep(SEED32, spaced, now, null)).toBe(step);
  });

  it("writes the otpauth URI authenticator apps read", () => {
    const uri = new URL(otpauthUri(SEED32, "ana@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Settlement Console:ana@example.com");
    expect(uri.searchParams.get("secret")).toBe(SEED32);
    expect(uri.searchParams.get("digits")).toBe("6");
  });
});
