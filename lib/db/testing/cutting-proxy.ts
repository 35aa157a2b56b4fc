/**
 * A TCP proxy in front of PostgreSQL that can cut every connection and refuse new ones, then
 * let them through again: what a failover or a network blip does to an instance (issue 49's
 * chaos test and `npm run bench:chaos`). Loopback only.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export type CuttingProxy = {
  port: number;
  /** A connection string like `url`, through the proxy. */
  through(url: string): string;
  /** Cuts every open connection; new ones are refused until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  const open = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      refusing = false;
    },
    close() {
      refusing = true;
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
