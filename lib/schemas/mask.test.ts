import { describe, expect, it } from "vitest";
import { maskInboxUrl, maskTail } from "./mask";

describe("masking", () => {
  it("shows a bank identifier's last four characters", () => {
    expect(maskTail("123456789")).toBe("••••6789");
  });

  it("cuts a console inbox URL to what identifies it, once, and leaves other URLs alone (issue 42)", () => {
    const whole = "https://console.example.com/inbox/ibx_AbCdEf0123456789_-abcdefghijklmn";
    const cut = maskInboxUrl(whole);
    expect(cut).toBe("https://console.example.com/inbox/ibx_AbCdEf…");
    expect(maskInboxUrl(cut)).toBe(cut);
    expect(cut).not.toContain("0123456789");
    for (const other of ["https://hooks.example.com/settlement", "https://example.com/inbox", "https://x.io/inbox/abc"])
      expect(maskInboxUrl(other)).toBe(other);
  });
});
