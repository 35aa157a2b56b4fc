/**
 * Webhook and inbox secrets at rest (docs/decisions/ D13). With PGlite, run it while the app
 * is stopped (one process per data directory).
 *
 *   npm run --silent secrets -- seal     seal every secret still stored in clear (each start does this too)
 *   npm run --silent secrets -- rotate   a new DATA_ENCRYPTION_KEY: every secret sealed again with it,
 *                                        its fingerprint recorded, .env.local rewritten
 *
 * Rotating with several instances: run `rotate` once, copy the new DATA_ENCRYPTION_KEY and
 * DATA_ENCRYPTION_KEY_PREVIOUS to every instance, and restart them. An instance still on the
 * old key refuses to start against the database until it has the new one.
 */
import nextEnv from "@next/env";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { resealSecrets } from "@/lib/instance/reseal";
import { parseKey } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { recordFingerprint } from "@/lib/instance/shared-secrets";
import { openDatabase } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });
const command = process.argv[2];
if (command !== "seal" && command !== "rotate") {
  console.error("usage: npm run secrets -- seal | rotate");
  process.exit(2);
}
const e = env();
const current = parseKey(e.DATA_ENCRYPTION_KEY);
if (!current) {
  console.error("DATA_ENCRYPTION_KEY is not set (node scripts/ensure-env.mjs writes one to .env.local)");
  process.exit(1);
}

const database = await openDatabase(
  e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: e.DATA_DIR },
);
try {
  await migrate(database.db);
  if (command === "seal") {
    const counts = await resealSecrets(database.db, { current, previous: parseKey(e.DATA_ENCRYPTION_KEY_PREVIOUS) });
    console.log(
      `sealed ${counts.webhooks} webhook secret(s) and ${counts.inboxes} inbox secret(s), ${counts.channels} chat webhook URL(s)`,
    );
  } else {
    const next = process.env.NEW_DATA_ENCRYPTION_KEY
      ? parseKey(process.env.NEW_DATA_ENCRYPTION_KEY, "NEW_DATA_ENCRYPTION_KEY")
      : randomBytes(32);
    if (!next || next.equals(current)) throw new Error("the new key must differ from the current one");
    const counts = await resealSecrets(database.db, { current: next, previous: current });
    await recordFingerprint(database.db, "DATA_ENCRYPTION_KEY", next.toString("base64"));
    rewriteEnvFile({
      DATA_ENCRYPTION_KEY: next.toString("base64"),
      DATA_ENCRYPTION_KEY_PREVIOUS: current.toString("base64"),
    });
    console.log(
      `sealed ${counts.webhooks} webhook secret(s) and ${counts.inboxes} inbox secret(s), ${counts.channels} chat webhook URL(s) with the new key`,
    );
    console.log("wrote DATA_ENCRYPTION_KEY (new) and DATA_ENCRYPTION_KEY_PREVIOUS (old) to .env.local;");
    console.log("give every instance the same two values and restart them.");
  }
} finally {
  await database.close();
}

function rewriteEnvFile(values: Record<string, string>): void {
  const file = resolve(process.cwd(), ".env.local");
  let text = existsSync(file) ? readFileSync(file, "utf8") : "";
  for (const [name, value] of Object.entries(values)) {
    const line = `${name}=${value}`;
    const pattern = new RegExp(`^${name}=.*$`, "m");
    text = pattern.test(text)
      ? text.replace(pattern, line)
      : `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${line}\n`;
  }
  writeFileSync(file, text, { mode: 0o600 });
}
