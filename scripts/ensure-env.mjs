// Creates .env.local with fresh API keys on first run (decisions D1). Plain Node: it runs before
// dependencies are installed. Keys already set in the environment or in .env.local are kept.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const file = resolve(process.cwd(), ".env.local");
const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
const has = (name) => Boolean(process.env[name]) || new RegExp(`^${name}=.+`, "m").test(existing);

const embedded = (process.env.EMBEDDED_SERVICE ?? "on") !== "off";
const wanted = [
  ["SETTLEMENT_SANDBOX_API_KEY", "sk_test_"],
  ["SETTLEMENT_PRODUCTION_API_KEY", "sk_live_"],
];
const lines = [];
for (const [name, prefix] of wanted) {
  if (embedded && !has(name)) lines.push(`${name}=${prefix}${randomBytes(24).toString("base64url")}`);
}
// Signs the console's session cookies (better-auth). Changing it signs everybody out.
if (!has("AUTH_SECRET") && !has("BETTER_AUTH_SECRET"))
  lines.push(`AUTH_SECRET=${randomBytes(32).toString("base64url")}`);
// Seals webhook and inbox secrets at rest (AES-256-GCM). Every instance on one database shares it.
if (!has("DATA_ENCRYPTION_KEY")) lines.push(`DATA_ENCRYPTION_KEY=${randomBytes(32).toString("base64")}`);
// Read by `next build`: action ids and their encryption stay the same for every instance of a build.
if (!has("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY"))
  lines.push(`NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${randomBytes(32).toString("base64")}`);
if (lines.length > 0) {
  const header = existing
    ? ""
    : "# Created on first start. Keys for the embedded service and the session secret; keep this file private.\n";
  appendFileSync(file, `${existing && !existing.endsWith("\n") ? "\n" : ""}${header}${lines.join("\n")}\n`, {
    mode: 0o600,
  });
  console.log(`Wrote ${lines.length} new secret(s) to .env.local: ${lines.map((l) => l.split("=")[0]).join(", ")}`);
}
