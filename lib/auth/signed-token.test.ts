import { describe, expect, it } from "vitest";
import { readDownload, signDownload } from "@/lib/reports/download-link";
import { readInstructionsLink, signInstructionsLink } from "@/lib/pay/instructions-link";
import { readToken, signToken } from "./signed-token";

describe("a signed link token (one helper for payers' links and report downloads, issue 60)", () => {
  it("reads back what it signed, for its own purpose only", () => {
    const token = signToken("test:v1", ["a", "b", "42"]);
    expect(readToken("test:v1", token, 300)).toEqual(["a", "b", "42"]);
    expect(readToken("other:v1", token, 300)).toBeNull();
  });

  it("refuses a changed payload, a changed signature, an extra part and an overlong token", () => {
    const token = signToken("test:v1", ["a", "b"]);
    const [payload, sig] = token.split(".") as [string, string];
    expect(readToken("test:v1", `${Buffer.from("a|c").toString("base64url")}.${sig}`, 300)).toBeNull();
    expect(readToken("test:v1", `${payload}.${sig.slice(0, -2)}AA`, 300)).toBeNull();
    expect(readToken("test:v1", `${token}.x`, 300)).toBeNull();
    expect(readToken("test:v1", token, token.length - 1)).toBeNull();
  });

  it("a report download token does not open a payer's link, nor the other way round", () => {
    const download = signDownload("rpt_123", new Date(Date.now() + 60_000));
    expect(readDownload(download)).toEqual({ runId: "rpt_123" });
    expect(readInstructionsLink(download)).toBeNull();
    const link = signInstructionsLink({
      environment: "sandbox",
      requestId: "sr_1",
      expiresAt: new Date(Date.now() + 60_000),
      issuedAt: new Date(),
    });
    expect(readInstructionsLink(link)).toMatchObject({ environment: "sandbox", requestId: "sr_1" });
    expect(readDownload(link)).toBeNull();
    expect(readDownload(signDownload("rpt_1", new Date(Date.now() - 1000)))).toBe("expired");
  });
});
