import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A merchant's webhook receiver for a journey, on 127.0.0.1 (sandbox endpoints may target
 * loopback): every body it was sent, in order, and the answer `answer` gives (200 "ok" by default).
 */
export async function localReceiver(
  answer: () => { status: number; body: string } = () => ({ status: 200, body: "ok" }),
): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString());
      const { status, body } = answer();
      res.writeHead(status).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
