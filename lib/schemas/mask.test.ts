import { describe, expect, it } from "vitest";
import { maskBankFields, maskInboxUrl, maskTail, maskUrlSecrets } from "./mask";

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

  it("masks every bank identifier in a held call, at any depth, and nothing else (issue 43)", () => {
    const body = {
      amount: "15000",
      destination: {
        currency: "NGN",
        account_number: "0000014579",
        bank_code: "058",
        beneficiary: { iban: "DE89 3704 0044 0532 0130 00" },
      },
      rows: [{ clabe: "032180000118359719" }],
    };
    expect(maskBankFields(body)).toEqual({
      amount: "15000",
      destination: { currency: "NGN", account_number: "••••4579", bank_code: "058", beneficiary: { iban: "••••3000" } },
      rows: [{ clabe: "••••9719" }],
    });
    expect(body.destination.account_number).toBe("0000014579");
  });

  it("a receiver's URL keeps where it goes and loses what would let another post to it", () => {
    expect(maskUrlSecrets("https://u:p@erp.example/hook?token=abc&x=1#frag")).toBe(
      "https://…@erp.example/hook?token=…&x=…#…",
    );
    expect(maskUrlSecrets("http://127.0.0.1:4400/reports")).toBe("http://127.0.0.1:4400/reports");
    expect(maskUrlSecrets("https://console.example/inbox/ibx_AbCdEfGhIjKl")).toBe(
      "https://console.example/inbox/ibx_AbCdEf…",
    );
    expect(maskUrlSecrets("not a url")).toBe("not a url");
  });
});
