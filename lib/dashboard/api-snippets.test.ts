import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { curlFor, fetchFor, KEY_PLACEHOLDER } from "./api-snippets";

describe("curlFor", () => {
  it("writes the key as a placeholder, quotes for the shell, and keeps the body exact", () => {
    const body = { external_id: 'it\'s "quoted"', metadata: { a: "$HOME" } };
    for (const pretty of [false, true]) {
      const text = curlFor({
        baseUrl: "http://localhost:3000",
        method: "POST",
        path: "/v0/settlement-requests",
        idempotencyKey: "k 1",
        body,
        pretty,
      });
      expect(text).toContain(`X-Api-Key: ${KEY_PLACEHOLDER}`);
      expect(text).not.toMatch(/sk_(test|live)_/);
      // What the shell hands curl is exactly the JSON: ask a shell to echo the --data argument.
      const data = text.slice(text.indexOf("--data ") + "--data ".length);
      const echoed = execFileSync("sh", ["-c", `printf %s ${data}`]).toString();
      expect(JSON.parse(echoed)).toEqual(body);
      expect(echoed.includes("\n")).toBe(pretty);
    }
  });
  it("has no body or Content-Type for a GET, and keeps its query", () => {
    const text = curlFor({ baseUrl: "https://api.example.com", method: "GET", path: "/v0/payments", query: "page=2" });
    expect(text).toBe(
      `curl -X GET 'https://api.example.com/v0/payments?page=2' \\\n  -H "X-Api-Key: ${KEY_PLACEHOLDER}"`,
    );
  });
});

describe("fetchFor", () => {
  /** Runs the snippet as JavaScript with a stand-in fetch and key; returns what fetch was given. */
  async function run(snippet: string, key: string) {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 201 }));
    const log = vi.fn();
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...a: unknown[]) => Promise<void>;
    await new AsyncFunction("fetch", "process", "console", snippet)(
      fetch,
      { env: { SETTLEMENT_API_KEY: key } },
      { log },
    );
    expect(log).toHaveBeenCalledWith(201, '{"ok":true}');
    return fetch.mock.calls[0] as unknown as [
      string,
      { method: string; headers: Record<string, string>; body?: string },
    ];
  }

  it("is JavaScript that sends the same method, URL, headers and body, the key read from the environment", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text must survive being put in a template literal
    const body = { external_id: 'it\'s "quoted"\n`${x}`', amount: "100.00", nested: { list: [1, "2"] } };
    const snippet = fetchFor({
      baseUrl: "http://localhost:3000",
      method: "POST",
      path: "/v0/disbursements",
      idempotencyKey: "k-1",
      body,
      pretty: true,
    });
    expect(snippet).not.toMatch(/sk_(test|live)_/);
    const [url, init] = await run(snippet, "sk_test_abc");
    expect(url).toBe("http://localhost:3000/v0/disbursements");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({
      "X-Api-Key": "sk_test_abc",
      "Content-Type": "application/json",
      "Idempotency-Key": "k-1",
    });
    expect(JSON.parse(init.body ?? "")).toEqual(body);
  });

  it("sends a logged body as its exact text, and no body for a DELETE", async () => {
    const [, withText] = await run(
      fetchFor({ baseUrl: "http://h", method: "PATCH", path: "/v0/x", body: '{"status":"PAYIN_RECEIVED"}' }),
      "k",
    );
    expect(withText.body).toBe('{"status":"PAYIN_RECEIVED"}');
    const [url, bare] = await run(fetchFor({ baseUrl: "http://h", method: "DELETE", path: "/v0/webhooks/a%20b" }), "k");
    expect(url).toBe("http://h/v0/webhooks/a%20b");
    expect(bare.body).toBeUndefined();
    expect(bare.headers).toEqual({ "X-Api-Key": "k" });
  });
});
