import { describe, expect, it } from "vitest";
import { mailLabel } from "./mail-label";

describe("mailLabel", () => {
  it("cuts a URL's query, fragment and credentials, keeping scheme, host and path", () => {
    expect(mailLabel("https://hooks.example.com/settle?token=s3cr3t#x")).toBe("https://hooks.example.com/settle");
    expect(mailLabel("Endpoint https://user:pw@hooks.example.com:8443/a/b?k=1 for payouts")).toBe(
      "Endpoint https://hooks.example.com:8443/a/b for payouts",
    );
    expect(mailLabel("http://example.com/?t=1")).toBe("http://example.com");
  });
  it("leaves a label without a URL as it is", () => {
    expect(mailLabel("USD 1,234.00 to DE89 …3000, Ana Diaz")).toBe("USD 1,234.00 to DE89 …3000, Ana Diaz");
  });
  it("names a URL it cannot read rather than keeping it", () => {
    expect(mailLabel("https://[bad/x?token=1")).toBe("(a URL)");
  });
});
