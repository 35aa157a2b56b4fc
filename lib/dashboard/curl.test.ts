import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { curlFor, KEY_PLACEHOLDER } from "./curl";

describe("curlFor", () => {
  it("writes the key as a placeholder, quotes for the shell, and keeps the body exact", () => {
    const body = { external_id: "it's \"quoted\"", metadata: { a: "$HOME" } };
    const text = curlFor({ baseUrl: "http://localhost:3000", method: "POST", path: "/v0/settlement-requests", idempotencyKey: "k 1", body });
    expect(text).toContain(`X-Api-Key: ${KEY_PLACEHOLDER}`);
    expect(text).not.toMatch(/sk_(test|live)_/);
    // What the shell hands curl is exactly the JSON we logged: ask a shell to echo the --data argument.
    const data = text.slice(text.indexOf("--data ") + "--data ".length);
    const echoed = execFileSync("sh", ["-c", `printf %s ${data}`]).toString();
    expect(JSON.parse(echoed)).toEqual(body);
  });
  it("has no body or Content-Type for a GET, and keeps its query", () => {
    const text = curlFor({ baseUrl: "https://api.example.com", method: "GET", path: "/v0/payments", query: "page=2" });
    expect(text).toBe(`curl -X GET 'https://api.example.com/v0/payments?page=2' \\\n  -H "X-Api-Key: ${KEY_PLACEHOLDER}"`);
  });
});
