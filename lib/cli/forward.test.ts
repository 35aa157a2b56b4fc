import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forward } from "./forward";

let server: Server;
let base = "";
const received: Array<{ body: Buffer; headers: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      if (req.url === "/fail") res.writeHead(500).end("no");
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
