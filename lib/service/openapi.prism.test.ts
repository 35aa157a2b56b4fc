/**
 * The API document as Prism 5's validating proxy reads it, with its defaults (issue 45). Prism
 * skipped every settlement-request response and the events list: three nullable enums carried
 * `null` in the form Prism converts twice, which made those schemas invalid, so it validated
 * nothing against them. Here Prism proxies the real service: a true answer passes unflagged, and
 * the same answer with a wrong status (or a wrong event) is flagged in `sl-violations`.
 * Prism is fetched by npx (the registry is reachable here, as for openapi-typescript).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "./testing/harness";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIR = join(ROOT, "test-results", "prism");
const PRISM = ["--yes", "-p", "@stoplight/prism-cli@5.14.2", "prism"];

/** The service on a real port; a request carrying `x-corrupt` gets its answer's `status` or `type` spoiled. */
function upstream(service: TestService): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    );
    const answer = await service.app.request(req.url ?? "/", {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    let text = await answer.text();
    const corrupt = req.headers["x-corrupt"];
    if (corrupt === "status") text = text.replace(/"status":"[A-Z_]+"/, '"status":"NOT_A_STATUS"');
    if (corrupt === "event") text = text.replace(/"created_at":"[^"]+"/, '"created_at":12');
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(text);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`prism exited: ${log()}`);
    const ok = await fetch(url).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`prism did not start: ${log()}`);
}

describe("the API document through Prism's validating proxy", () => {
  let service: TestService;
  let server: Server;
  let prism: ChildProcess;
  let output = "";
  let base = "";
  let requestId = "";

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true });
    service = await createTestService();
    const doc = join(DIR, "openapi.json");
    writeFileSync(doc, await (await service.request("GET", "/v0/openapi.json", { key: null })).text());
    const created = await service.request("POST", "/v0/settlement-requests", {
      body: {
        type: "STABLECOIN_TO_STABLECOIN",
        payment_reason: "GIFTS",
        amount: "100",
        destination: {
          currency: "USDC",
          rail: "SOLANA",
          wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        },
      },
      headers: { "Idempotency-Key": "prism-1" },
    });
    requestId = ((await created.json()) as { id: string }).id;
    await service.runWorkers();
    server = await upstream(service);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    base = `http://127.0.0.1:${port}`;
    prism = spawn(
      "npx",
      [...PRISM, "proxy", doc, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, "--port", String(port)],
      { cwd: DIR, stdio: ["ignore", "pipe", "pipe"] },
    );
    prism.stdout?.on("data", (d) => {
      output += String(d);
    });
    prism.stderr?.on("data", (d) => {
      output += String(d);
    });
    await waitFor(`${base}/v0/openapi.json`, prism, () => output);
  }, 240_000);
  afterAll(async () => {
    prism?.kill();
    server?.close();
    await service?.close();
  });

  const get = (path: string, corrupt?: string) =>
    fetch(`${base}${path}`, {
      headers: { "X-Api-Key": service.keys.sandbox, ...(corrupt ? { "x-corrupt": corrupt } : {}) },
    });

  it("passes a true settlement-request answer, and flags the same answer with a wrong status", async () => {
    const good = await get(`/v0/settlement-requests/${requestId}`);
    expect(good.status).toBe(200);
    expect(good.headers.get("sl-violations")).toBeNull();
    const bad = await get(`/v0/settlement-requests/${requestId}`, "status");
    const violations = bad.headers.get("sl-violations") ?? "";
    expect(violations).toContain("status");
    expect(violations).toMatch(/allowed values|must be equal to one of/);
  }, 60_000);

  it("validates the list of settlement requests and the events list too (none skipped)", async () => {
    const list = await get("/v0/settlement-requests?page_size=5");
    expect(list.status).toBe(200);
    expect(list.headers.get("sl-violations")).toBeNull();
    expect((await get("/v0/settlement-requests?page_size=5", "status")).headers.get("sl-violations") ?? "").toContain(
      "status",
    );
    const events = await get("/v0/events?page_size=5");
    expect(events.status).toBe(200);
    expect(events.headers.get("sl-violations")).toBeNull();
    expect((await get("/v0/events?page_size=5", "event")).headers.get("sl-violations") ?? "").toContain("created_at");
  }, 60_000);
});
