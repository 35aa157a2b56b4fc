import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { clientAddressProblem } from "./startup-checks";

const base = {
  production: true,
  underConsoleServer: true,
  trustedProxy: undefined,
  authUrl: undefined,
  allowed: false,
};

describe("a production console that cannot tell its clients apart refuses to start (issue 42)", () => {
  it("refuses under `next start`, and behind a TLS proxy without TRUSTED_PROXY", () => {
    expect(clientAddressProblem({ ...base, underConsoleServer: false })).toMatchObject({ refuse: true });
    expect(clientAddressProblem({ ...base, authUrl: "https://console.example.com" })).toMatchObject({
      refuse: true,
      message: expect.stringMatching(/TRUSTED_PROXY/),
    });
  });
  it("starts when the operator says so (with a warning), with a trusted proxy, or on the console's own server over http", () => {
    expect(clientAddressProblem({ ...base, underConsoleServer: false, allowed: true })).toMatchObject({
      refuse: false,
    });
    expect(clientAddressProblem({ ...base, underConsoleServer: false, trustedProxy: "1" })).toBeNull();
    expect(clientAddressProblem(base)).toBeNull();
    expect(clientAddressProblem({ ...base, production: false, underConsoleServer: false })).toMatchObject({
      refuse: false,
    });
  });
});

describe("TRUSTED_PROXY that means nothing (issue 58)", () => {
  it("is refused at start, naming it, instead of counting as no proxy", () => {
    expect(() => parseEnv({ TRUSTED_PROXY: "abc" } as unknown as NodeJS.ProcessEnv)).toThrow(/TRUSTED_PROXY: must be/);
    for (const ok of ["true", "false", "0", "1", "10"])
      expect(parseEnv({ TRUSTED_PROXY: ok } as unknown as NodeJS.ProcessEnv).TRUSTED_PROXY).toBe(ok);
    expect(
      clientAddressProblem({ ...base, authUrl: "https://console.example.com", trustedProxy: "abc" }),
    ).toMatchObject({ refuse: true });
  });
});
