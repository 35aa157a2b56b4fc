import { describe, expect, it } from "vitest";

// Read once per process (lib/env.ts): set before the first import.
process.env.SETTLEMENT_PRODUCTION_BASE_URL = "https://api.example.com/";
delete process.env.SETTLEMENT_SANDBOX_BASE_URL;
delete process.env.EMBEDDED_SERVICE;
const { connectionFor, keysManagedHere } = await import("./config");

describe("connections (D12.8, issue 34)", () => {
  it("calls the embedded service in process where no base URL is set, and a configured one over the network", () => {
    expect(connectionFor("sandbox")).toMatchObject({ embedded: true });
    expect(connectionFor("production")).toMatchObject({ embedded: false, baseUrl: "https://api.example.com" });
  });

  it("manages keys only for the embedded service, which reads them; a remote service keeps its own", () => {
    expect(keysManagedHere("sandbox")).toBe(true);
    expect(keysManagedHere("production")).toBe(false);
  });
});
