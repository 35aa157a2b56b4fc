import { describe, expect, it } from "vitest";
import { inboxOriginFrom } from "./owner";

describe("the inbox receivers' origin (issue 34)", () => {
  it("is INBOX_PUBLIC_URL for a service on another host, else the console's public URL, else this instance", () => {
    expect(
      inboxOriginFrom({
        INBOX_PUBLIC_URL: "http://console.internal:3000/ignored",
        AUTH_URL: "https://console.example.com",
        PORT: 3000,
      }),
    ).toBe("http://console.internal:3000");
    expect(inboxOriginFrom({ AUTH_URL: "https://console.example.com/", PORT: 3000 })).toBe(
      "https://console.example.com",
    );
    expect(inboxOriginFrom({ PORT: 3100 })).toBe("http://localhost:3100");
  });
});
