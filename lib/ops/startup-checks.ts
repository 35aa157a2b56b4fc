import "server-only";
import { authSecret } from "@/lib/auth/auth";
import { resealSecrets } from "@/lib/crypto/reseal";
import { secretKeys } from "@/lib/crypto/secret-box";
import { getDatabase } from "@/lib/db/connection";
import { mismatchedSecrets } from "./shared-secrets";

/**
 * Before an instance serves anything: its shared secrets must match the ones the database has
 * seen (else it would sign sessions others reject and seal secrets others cannot open), then
 * any secret stored in clear or under the previous key is sealed with the current one.
 * Throws with a message that says what to do.
 */
export async function runStartupChecks(): Promise<void> {
  if (process.env.NODE_ENV === "production" && !process.env.DATA_ENCRYPTION_KEY) {
    throw new Error(
      "DATA_ENCRYPTION_KEY is not set: run `node scripts/ensure-env.mjs` (npm start does) or set it, the same on every instance.",
    );
  }
  const { db } = await getDatabase();
  const keys = secretKeys();
  const mismatched = await mismatchedSecrets(db, {
    AUTH_SECRET: authSecret(),
    DATA_ENCRYPTION_KEY: keys.current ? keys.current.toString("base64") : null,
  });
  if (mismatched.length > 0) {
    throw new Error(
      `${mismatched.join(" and ")} differ${mismatched.length === 1 ? "s" : ""} from the one(s) other instances use on this database. ` +
        "Every instance must share the same values (copy them from the first instance's .env.local); refusing to start.",
    );
  }
  if ((globalThis as { __consoleServer?: boolean }).__consoleServer !== true && !process.env.TRUSTED_PROXY) {
    console.warn(
      "[console] no trusted client address: not behind the console's server (npm start) and TRUSTED_PROXY is unset, " +
        "so sign-in throttles are kept per email alone (slowed down, never locked: docs/decisions.md D13.3)",
    );
  }
  const sealed = await resealSecrets(db, keys);
  if (sealed.webhooks + sealed.inboxes > 0) {
    console.log(
      `[console] sealed ${sealed.webhooks} webhook secret(s) and ${sealed.inboxes} inbox secret(s) with DATA_ENCRYPTION_KEY`,
    );
  }
}

/** At server start: a failed check ends the process with its message (exit 1). */
export async function runStartupChecksOrExit(): Promise<void> {
  try {
    await runStartupChecks();
  } catch (error) {
    console.error(`\n[console] ${(error as Error).message}\n`);
    process.exit(1);
  }
}
