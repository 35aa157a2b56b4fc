/**
 * Several console instances on one PostgreSQL, as a team runs them: a fresh database, N
 * `node scripts/serve.mjs` processes from the same build (each on its own port), and a small
 * proxy in front whose backend the test chooses ("A", "B", or round robin), keeping the Host
 * header as a balancer does. Used by e2e/instances.spec.ts and bench/instances.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const CLUSTER_ADMIN = { email: "admin@console.local", password: "cluster-admin-password-01" } as const;

export type Instance = {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
};
export type Served = { method: string; path: string; backend: string; action: boolean };

export type Cluster = {
  databaseUrl: string;
  instances: Instance[];
  proxyUrl: string;
  /** Which backend the proxy sends the next requests to; "round-robin" alternates. */
  route(target: string): void;
  served: Served[];
  stop(): Promise<void>;
};

async function waitReady(url: string, child: Instance, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited:\n${child.output.join("")}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${child.name} not ready in ${ms} ms:\n${child.output.join("")}`);
}

export function startInstance(
  name: string,
  port: number,
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Instance {
  const child = spawn("node", ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: CLUSTER_ADMIN.email,
      ADMIN_PASSWORD: CLUSTER_ADMIN.password,
      RATE_LIMIT_SANDBOX_PER_MINUTE: "100000",
      RAIL_SENT_DELAY_SECONDS: "60",
      WORKER_INTERVAL_MS: "100",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      // Journeys add their approvers and pay new wallets as they go (issue 43's waits are tested elsewhere).
      APPROVER_MIN_AGE_HOURS: "0",
      PRODUCTION_COOLING_OFF_MINUTES: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, output, exited };
}

export async function startCluster(options: { ports: number[]; names?: string[] }): Promise<Cluster> {
  const database = `console_cluster_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  const names = options.names ?? options.ports.map((_, i) => String.fromCharCode(65 + i));
  const instances: Instance[] = [];
  // The first migrates and creates the administrator; the rest start once it is ready.
  for (const [i, port] of options.ports.entries()) {
    const instance = startInstance(names[i] ?? `I${i}`, port, databaseUrl);
    instances.push(instance);
    await waitReady(instance.url, instance);
  }

  let target = "round-robin";
  let turn = 0;
  const served: Served[] = [];
  const proxy: Server = createServer((req, res) => {
    const backend =
      target === "round-robin" ? instances[turn++ % instances.length] : instances.find((i) => i.name === target);
    if (!backend) {
      res.writeHead(502).end();
      return;
    }
    served.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      backend: backend.name,
      action: Boolean(req.headers["next-action"]),
    });
    const upstream = httpRequest(
      { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    databaseUrl,
    instances,
    proxyUrl,
    served,
    route(next) {
      target = next;
    },
    async stop() {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill("SIGTERM");
      await Promise.all(instances.map((i) => Promise.race([i.exited, new Promise((r) => setTimeout(r, 15_000))])));
      for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A PostgreSQL database of a journey's own (its name from `prefix` and the time): create it before, drop it after. */
export function scratchDatabase(prefix: string): {
  name: string;
  url: string;
  create(): Promise<void>;
  drop(): Promise<void>;
} {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  return {
    name,
    url: url.toString(),
    create: () => run(`CREATE DATABASE ${name}`),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
