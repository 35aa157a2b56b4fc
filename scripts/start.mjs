// `npm start`: installs what is missing, builds if needed, creates .env.local with fresh keys on
// first run, then serves the app (dashboard + embedded service) on PORT.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, must } from "./lib.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
ensureDependencies();
must("node", ["scripts/ensure-env.mjs"]);
ensureBuild();

const port = process.env.PORT ?? "3000";
const child = spawn("node", ["scripts/serve.mjs"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1" },
});
let announced = false;
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready|started server/i.test(String(chunk))) {
    announced = true;
    // Warm the embedded service (opens the database, applies migrations, starts its workers).
    fetch(`http://localhost:${port}/v0/openapi.json`)
      .catch(() => undefined)
      .finally(() => console.log(`\nSettlement Console is running: http://localhost:${port}\n`));
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
