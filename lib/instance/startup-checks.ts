import "server-only";
import { authSecret } from "@/lib/auth/auth";
import { resealSecrets } from "@/lib/instance/reseal";
import { secretKeys } from "@/lib/crypto/secret-box";
import { getDatabase } from "@/lib/db/connection";
import { mismatchedSecrets } from "./shared-secrets";
import { trustedHops } from "@/lib/http/client-address";

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
  const addressProblem = clientAddressProblem({
    production: process.env.NODE_ENV === "production",
    underConsoleServer: (globalThis as { __consoleServer?: boolean }).__consoleServer === true,
    trustedProxy: process.env.TRUSTED_PROXY,
    authUrl: process.env.AUTH_URL,
    allowed: process.env.ALLOW_UNKNOWN_CLIENT_ADDRESS === "true",
  });
  if (addressProblem?.refuse) throw new Error(addressProblem.message);
  if (addressProblem) console.warn(`[console] ${addressProblem.message}`);
  const sealed = await resealSecrets(db, keys);
  if (sealed.webhooks + sealed.inboxes + sealed.channels > 0) {
    console.log(
      `[console] sealed ${sealed.webhooks} webhook secret(s) and ${sealed.inboxes} inbox secret(s), ${sealed.channels} chat webhook URL(s) with DATA_ENCRYPTION_KEY`,
    );
  }
}

/**
 * Whether the console can tell its clients apart (issue 42). Sign-in throttles per address keep a
 * stranger's guesses from slowing the owner down; where every client has one address (`next
 * start` knows no peer; a TLS proxy in front without TRUSTED_PROXY makes every client the proxy),
 * a stranger's failures count against everyone. In production that refuses to start unless
 * ALLOW_UNKNOWN_CLIENT_ADDRESS=true says the operator accepts it.
 */
export function clientAddressProblem(s: {
  production: boolean;
  underConsoleServer: boolean;
  trustedProxy: string | undefined;
  authUrl: string | undefined;
  allowed: boolean;
}): { refuse: boolean; message: string } | null {
  const proxied = trustedHops(s.trustedProxy) > 0;
  if (proxied) return null;
  const why = !s.underConsoleServer
    ? "not started by the console's server (npm start / scripts/serve.mjs), so no client address is known"
    : s.authUrl?.startsWith("https://")
      ? "AUTH_URL is https, so a proxy terminates TLS in front and every client has the proxy's address"
      : null;
  if (!why) return null;
  const fix =
    "set TRUSTED_PROXY (and TRUSTED_PROXY_ADDRESSES) to the proxy in front, or ALLOW_UNKNOWN_CLIENT_ADDRESS=true to accept sign-in throttles per email only";
  if (s.production && !s.allowed) return { refuse: true, message: `Refusing to start: ${why}; ${fix}.` };
  return { refuse: false, message: `${why}: sign-in throttles are kept per email alone (${fix}).` };
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
