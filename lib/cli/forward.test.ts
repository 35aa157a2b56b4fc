import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forward, forwardWithRetries } from "./forward";

let server: Server;
let base = "";
const received: Array<{ body: Buffer; headers: Record<string, unknown> }> = [];
const asked = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      const flaky = /^\/flaky\/(\d+)$/.exec(req.url ?? "");
      if (flaky) {
        // Fails (500) until it has been asked this many times, then answers 200.
        const key = flaky[1] as string;
        asked.set(key, (asked.get(key) ?? 0) + 1);
        res.writeHead((asked.get(key) ?? 0) > Number(key.slice(-1)) ? 200 : 500).end();
      } else if (req.url === "/bad-signature") res.writeHead(400).end("bad signature");
      else if (req.url === "/fail") res.writeHead(500).end("no");
      else if (req.url === "/slow") setTimeout(() => res.end("late"), 1_000);
      else res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("one forward to the developer's handler", () => {
  it("sends the bytes and headers unchanged and calls a 2xx ok", async () => {
    const body = new Uint8Array(Buffer.from('{"b":1,  "a":"é"}', "utf8"));
    const result = await forward(`${base}/hook`, body, {
      "Content-Type": "application/json",
      "X-Service-Signature": "t=1,v1=ab",
    });
    expect(result).toMatchObject({ status: 200, ok: true, verdict: "ok" });
    const last = received.at(-1);
    expect(last?.body.equals(Buffer.from(body))).toBe(true);
    expect(last?.headers["x-service-signature"]).toBe("t=1,v1=ab");
  });

  it("says what went wrong: an error answer, a timeout, nothing listening", async () => {
    expect(await forward(`${base}/fail`, new Uint8Array(), {})).toMatchObject({
      status: 500,
      ok: false,
      verdict: "your handler answered 500",
    });
    expect(await forward(`${base}/slow`, new Uint8Array(), {}, 200)).toMatchObject({
      status: null,
      ok: false,
      verdict: "no answer within 0.2 s (timeout)",
    });
    // A port nobody listens on: the one just freed by a closed server.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect(await forward(`http://127.0.0.1:${port}/webhooks`, new Uint8Array(), {})).toMatchObject({
      status: null,
      ok: false,
      verdict: `connection refused: is your server running on :${port}?`,
    });
  });
});

describe("a delivery the handler fails is sent again (issue 59)", () => {
  const delays = [5, 5, 5];

  it("a 500, then another, then 200: the third try delivers, each failure told", async () => {
    const told: string[] = [];
    const result = await forwardWithRetries(
      `${base}/flaky/12`,
      new Uint8Array(),
      {},
      {
        delays,
        onRetry: (failed, attempt) => told.push(`${attempt}: ${failed.verdict}`),
      },
    );
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 3, verdict: "ok (after 3 tries)" });
    expect(told).toEqual(["1: your handler answered 500", "2: your handler answered 500"]);
    expect(asked.get("12")).toBe(3);
  });

  it("gives up after the last delay, saying how many tries it made", async () => {
    const before = received.length;
    const result = await forwardWithRetries(`${base}/fail`, new Uint8Array(), {}, { delays });
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      attempts: 4,
      verdict: "your handler answered 500 (after 4 tries)",
    });
    expect(received.length - before).toBe(4);
  });

  it("a 4xx is the handler's verdict on the event: not sent again", async () => {
    const before = received.length;
    const result = await forwardWithRetries(`${base}/bad-signature`, new Uint8Array(), {}, { delays });
    expect(result).toMatchObject({ ok: false, status: 400, attempts: 1, verdict: "your handler answered 400" });
    expect(received.length - before).toBe(1);
  });

  it("stops waiting when the person stops the CLI", async () => {
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const pending = forwardWithRetries(
      `${base}/fail`,
      new Uint8Array(),
      {},
      {
        delays: [60_000, 60_000],
        stopped,
        onRetry: () => stop(),
      },
    );
    expect(await pending).toMatchObject({ ok: false, attempts: 2 });
  });
});
