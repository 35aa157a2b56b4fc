// The remote pair for Playwright's "remote" project (issue 34): the standalone service
// (`npm run service`) on a fresh PostgreSQL database, and the built console on another with
// EMBEDDED_SERVICE=off, both base URLs at the service, its inbox addresses at its own origin.
// Started by playwright.config.ts (webServer); stops both on SIGTERM/SIGINT.
//
//   REMOTE_SERVICE_PORT, REMOTE_CONSOLE_PORT, TEST_DATABASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD
import { spawn } from "node:child_process";
import pg from "pg";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const servicePort = Number(process.env.REMOTE_SERVICE_PORT ?? 3141);
const consolePort = Number(process.env.REMOTE_CONSOLE_PORT ?? 3142);
const service = `http://127.0.0.1:${servicePort}`;
const consoleOrigin = `http://localhost:${consolePort}`;
const databases = { service: `e2e_remote_service_${servicePort}`, console: `e2e_remote_console_${consolePort}` };
const urlOf = (name) => {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
for (const name of Object.values(databases)) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
}
await admin.end();

const children = [];
const start = (name, command, args, env) => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`[e2e-remote] ${name} exited (${code})`);
      stop(1);
    }
  });
  children.push(child);
  return child;
};

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, 3_000).unref();
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

start("service", "npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
  DATABASE_URL: urlOf(databases.service),
  SERVICE_PORT: String(servicePort),
  SERVICE_HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  RATE_LIMIT_SANDBOX_PER_MINUTE: "100000",
  // The console's inbox is on this machine: sandbox endpoints may target loopback here.
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: "true",
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: "true",
});
for (let i = 0; ; i++) {
  if ((await fetch(`${service}/v0/openapi.json`).catch(() => null))?.status === 200) break;
  if (i > 400) {
    console.error("[e2e-remote] the service did not start");
    stop(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}
start("console", "node", ["scripts/serve.mjs"], {
  PORT: String(consolePort),
  HOST: "127.0.0.1",
  DATABASE_URL: urlOf(databases.console),
  EMBEDDED_SERVICE: "off",
  SETTLEMENT_SANDBOX_BASE_URL: service,
  SETTLEMENT_PRODUCTION_BASE_URL: service,
  INBOX_PUBLIC_URL: consoleOrigin,
  AUTH_URL: consoleOrigin,
  LOG_LEVEL: "warn",
  // Its approver is added during the journey (issue 43's 24 h wait is a unit test's).
  APPROVER_MIN_AGE_HOURS: "0",
  PRODUCTION_COOLING_OFF_MINUTES: "0",
});
