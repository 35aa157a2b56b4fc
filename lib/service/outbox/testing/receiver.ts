import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.timeOrigin + performance.now(), ms: comparable across processes on one machine. */
  at: number;
  path: string;
  /** The sender's TCP port: tells connections (and so sending processes) apart. */
  remotePort: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Hold the answer this long (ms). */
  delayMs?: number;
  /** Hold the answer until this settles. */
  hold?: Promise<void>;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Decides the answer to each request; default 200 "ok". */
  respond: (r: Received) => Answer;
  onReceive?: (r: Received) => void;
  close(): Promise<void>;
}

export const wallMs = (): number => performance.timeOrigin + performance.now();

/** A local webhook receiver on 127.0.0.1 and a random port (tests and the bench). */
export async function startReceiver(
  respond: (r: Received) => Answer = () => ({ status: 200, body: "ok" }),
): Promise<Receiver> {
  const receiver: Receiver = { url: "", port: 0, received: [], respond, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: wallMs(),
        path: req.url ?? "/",
        remotePort: req.socket.remotePort ?? 0,
      };
      receiver.received.push(r);
      receiver.onReceive?.(r);
      const answer = receiver.respond(r);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "Content-Type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      };
      if (answer.hold) void answer.hold.then(send);
      else if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
