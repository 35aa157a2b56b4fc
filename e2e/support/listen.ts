/**
 * Test support for `settlement-console listen` (e2e/listen-cli.spec.ts): the CLI as a person
 * runs it (npx, token in the environment), a local receiver that verifies each delivery with
 * the official `stripe` package's verifier, and `npm run tokens`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type Cli = {
  process: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
  records: () => DeliveryLine[];
};
export type DeliveryLine = {
  seq: number;
  event_type: string | null;
  event_id: string | null;
  status: number | null;
  ok: boolean;
  verdict: string;
};

/** `npx settlement-console <args>` with the token (if any) in SETTLEMENT_CONSOLE_TOKEN. */
export function runCli(args: string[], env: Record<string, string>): Cli {
  // Its own process group: a stop reaches npx and the CLI under it, as Ctrl-C in a terminal does.
  const child = spawn("npx", ["settlement-console", ...args], {
    env: { ...process.env, ...env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let pending = "";
  child.stdout?.on("data", (chunk) => {
    pending += String(chunk);
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    stdout.push(...lines.filter(Boolean));
  });
  child.stderr?.on("data", (chunk) => stderr.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    process: child,
    stdout,
    stderr,
    exited,
    records: () => stdout.map((line) => JSON.parse(line) as DeliveryLine),
  };
}

/** Ctrl-C: SIGINT to the whole group; resolves once every process of it has exited (the CLI says goodbye to the console first). */
export async function interrupt(cli: Cli): Promise<void> {
  const pid = cli.process.pid;
  if (!pid) return;
  try {
    process.kill(-pid, "SIGINT");
  } catch {
    return;
  }
  await cli.exited;
  await until(
    "the CLI's process group to end",
    () => {
      try {
        process.kill(-pid, 0);
        return false;
      } catch {
        return true;
      }
    },
    10_000,
  );
}

/** `npm run tokens -- <args>` against `databaseUrl`: stdout (the token, for create) and stderr. */
export function tokens(args: string[], databaseUrl: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync("npm", ["run", "--silent", "tokens", "--", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

export type Received = {
  body: Buffer;
  signature: string;
  eventId: string | null;
  verified: boolean;
  error: string | null;
};

/**
 * A developer's webhook handler: verifies every request with `stripe.webhooks.constructEvent`
 * and the secret it was given (none: it only records), answers 200 (or `status`).
 */
export async function startReceiver(
  secret: string | null,
  header = "x-service-signature",
): Promise<{ url: string; received: Received[]; stop: () => Promise<void> }> {
  const stripe = new Stripe("sk_test_unused");
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const signature = String(req.headers[header] ?? "");
      let verified = false;
      let error: string | null = null;
      if (secret) {
        try {
          stripe.webhooks.constructEvent(body, signature, secret);
          verified = true;
        } catch (e) {
          error = (e as Error).message;
        }
      }
      received.push({
        body,
        signature,
        eventId: (req.headers["x-service-event-id"] as string | undefined) ?? null,
        verified,
        error,
      });
      res.writeHead(secret && !verified ? 400 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return { url, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls `check` until it returns a value (not undefined/false) or `ms` pass. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
