import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./args";

const env = {};

describe("the settlement-console command line", () => {
  it("refuses a token on argv, whatever the flag", () => {
    for (const argv of [
      ["listen", "--forward-to", "http://localhost:8080", "--token", "x"],
      ["listen", "--forward-to", "http://localhost:8080", "--token=abc"],
      ["listen", "--forward-to", "http://localhost:8080", "scpat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
      ["trigger", "request.created", "--api-key", "k"],
    ]) {
      const parsed = parseCommandLine(argv, env);
      expect(parsed.command).toBe("error");
      expect(parsed.command === "error" && parsed.message).toContain("SETTLEMENT_CONSOLE_TOKEN");
    }
  });

  it("reads listen's flags, with the URL from the environment, then the default", () => {
    const parsed = parseCommandLine(
      [
        "listen",
        "--forward-to",
        "http://localhost:8080/webhooks",
        "--events",
        "payment.created,settlement_request.created",
        "--format",
        "ndjson",
        "--until",
        "payment.created",
        "--since",
        "2h",
        "--token-file",
        "/tmp/t",
      ],
      { SETTLEMENT_CONSOLE_URL: "http://console.test:3000/" },
    );
    expect(parsed).toEqual({
      command: "listen",
      url: "http://console.test:3000",
      tokenFile: "/tmp/t",
      forwardTo: "http://localhost:8080/webhooks",
      events: ["payment.created", "settlement_request.created"],
      printSecret: false,
      format: "ndjson",
      once: false,
      until: "payment.created",
      since: "2h",
    });
    const plain = parseCommandLine(["listen", "--print-secret"], env);
    expect(plain.command === "listen" && plain.url).toBe("http://localhost:3000");
  });

  it("names what is wrong: a missing target, an unknown event type, a too-long --since, an unknown flow", () => {
    const message = (argv: string[]) => {
      const parsed = parseCommandLine(argv, env);
      return parsed.command === "error" ? parsed.message : "";
    };
    expect(message(["listen"])).toContain("--forward-to");
    expect(message(["listen", "--forward-to", "ftp://x"])).toContain("http");
    expect(message(["listen", "--forward-to", "http://localhost:1", "--events", "payment.sent"])).toContain(
      '"payment.sent"',
    );
    expect(message(["listen", "--forward-to", "http://localhost:1", "--since", "3d"])).toContain("24h");
    expect(message(["listen", "--forward-to", "http://localhost:1", "--format", "xml"])).toContain("ndjson");
    expect(message(["trigger", "request.exploded"])).toContain("request.completed");
    expect(parseCommandLine(["trigger", "request.completed"], env)).toMatchObject({
      command: "trigger",
      flow: "request.completed",
    });
  });
});
