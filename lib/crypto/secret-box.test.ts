import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealed, needsSealing, openSecret, parseKey, sealSecret } from "./secret-box";

const key = () => randomBytes(32);

describe("secret box (AES-256-GCM at rest)", () => {
  it("seals a secret so the stored text does not contain it, and opens it again", () => {
    const keys = { current: key(), previous: null };
    const sealed = sealSecret("whsec_abc123", keys);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("abc123");
    expect(sealSecret("whsec_abc123", keys)).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(sealed, keys)).toBe("whsec_abc123");
  });

  it("refuses a tampered value", () => {
    const keys = { current: key(), previous: null };
    const sealed = sealSecret("whsec_abc123", keys);
    const [head, tail] = [sealed.slice(0, -4), sealed.slice(-4)];
    const tampered = head + (tail.startsWith("A") ? "B" : "A") + tail.slice(1);
    expect(() => openSecret(tampered, keys)).toThrow();
  });

  it("opens rows sealed with the previous key during a rotation, and says they need sealing again", () => {
    const old = key();
    const sealed = sealSecret("whsec_old", { current: old, previous: null });
    const rotated = { current: key(), previous: old };
    expect(openSecret(sealed, rotated)).toBe("whsec_old");
    expect(needsSealing(sealed, rotated)).toBe(true);
    expect(needsSealing(sealSecret("x", rotated), rotated)).toBe(false);
    expect(() => openSecret(sealed, { current: key(), previous: null })).toThrow(/neither/);
  });

  it("passes rows from before encryption through, and wants them sealed", () => {
    const keys = { current: key(), previous: null };
    expect(openSecret("whsec_plain", keys)).toBe("whsec_plain");
    expect(needsSealing("whsec_plain", keys)).toBe(true);
  });

  it("takes a 32-byte key in base64 or base64url, nothing else", () => {
    const raw = key();
    expect(parseKey(raw.toString("base64"))?.equals(raw)).toBe(true);
    expect(parseKey(raw.toString("base64url"))?.equals(raw)).toBe(true);
    expect(() => parseKey("short")).toThrow(/32 bytes/);
  });
});
