import { afterEach, describe, expect, it, vi } from "vitest";

const inProcess = vi.fn(async (request: Request) =>
  Response.json({ via: "in-process", path: new URL(request.url).pathname, key: request.headers.get("x-api-key") }),
);
vi.mock("@/lib/service/next-handler", () => ({ handleServiceRequest: inProcess }));

const { serviceFetch } = await import("./service-fetch");

describe("serviceFetch (decision D12.8)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    inProcess.mockClear();
  });

  it("hands the embedded service the very request, in process, and never opens a socket", async () => {
    const network = vi.fn();
    vi.stubGlobal("fetch", network);
    const request = new Request("http://localhost:3000/v0/settlement-requests?page=2", {
      headers: { "X-Api-Key": "sk_test_x" },
    });
    const res = await serviceFetch(
      { environment: "sandbox", baseUrl: "http://localhost:3000", apiKey: "sk_test_x", embedded: true },
      request,
    );
    expect(await res.json()).toEqual({ via: "in-process", path: "/v0/settlement-requests", key: "sk_test_x" });
    expect(inProcess).toHaveBeenCalledWith(request);
    expect(network).not.toHaveBeenCalled();
  });

  it("sends a configured base URL over the network", async () => {
    const network = vi.fn(async () => Response.json({ via: "network" }));
    vi.stubGlobal("fetch", network);
    const request = new Request("https://api.example.com/v0/rates");
    const res = await serviceFetch(
      { environment: "production", baseUrl: "https://api.example.com", apiKey: "sk_live_x", embedded: false },
      request,
    );
    expect(await res.json()).toEqual({ via: "network" });
    expect(inProcess).not.toHaveBeenCalled();
  });
});
