import { describe, expect, it } from "vitest";
import { readInstructionsLink, signInstructionsLink } from "./instructions-link";

const link = {
  environment: "sandbox" as const,
  requestId: "5f0c7a52-6f0e-4c9e-9f57-1f4f1b2c3d4e",
  expiresAt: new Date("2026-11-25T12:30:00Z"),
  issuedAt: new Date("2026-11-25T12:00:00Z"),
};

describe("payment-instructions links", () => {
  it("reads back what it signed until it expires, then says expired", () => {
    const token = signInstructionsLink(link);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readInstructionsLink(token, new Date("2026-11-25T12:29:59Z"))).toEqual(link);
    expect(readInstructionsLink(token, new Date("2026-11-25T12:30:00Z"))).toBe("expired");
  });

  it("refuses a token changed in any part, or signed for another purpose", () => {
    const token = signInstructionsLink(link);
    const [payload, sig] = token.split(".");
    const otherPayload = Buffer.from(
      `production|${link.requestId}|${Math.floor(link.expiresAt.getTime() / 1000)}`,
    ).toString("base64url");
    const later = Buffer.from(
      `sandbox|${link.requestId}|${Math.floor(link.expiresAt.getTime() / 1000) + 86_400}`,
    ).toString("base64url");
    const now = new Date("2026-11-25T12:00:00Z");
    expect(readInstructionsLink(`${otherPayload}.${sig}`, now)).toBeNull();
    expect(readInstructionsLink(`${later}.${sig}`, now)).toBeNull();
    expect(readInstructionsLink(`${payload}.${sig.slice(0, -2)}xx`, now)).toBeNull();
    expect(readInstructionsLink(`${payload}`, now)).toBeNull();
    expect(readInstructionsLink(`${token}.more`, now)).toBeNull();
    expect(readInstructionsLink("x".repeat(500), now)).toBeNull();
  });
});
