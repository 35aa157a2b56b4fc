/**
 * Accounts and API keys from the command line (decisions D1). With PGlite, run it while the app is
 * stopped (one process per data directory).
 *
 *   npm run --silent keys -- create --account <name> --environment <sandbox|production>
 *   npm run --silent keys -- list [--account <name>] [--prefix sk_test_abc]
 *   npm run --silent keys -- revoke --id <key id>
 */
import nextEnv from "@next/env";
import { parseArgs } from "node:util";
import { ENVIRONMENTS, type Environment } from "@/lib/schemas/catalog";
import { env } from "@/lib/env";
import { openDatabase } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";
import { createApiKey, ensureAccount, listApiKeys, revokeApiKey } from "@/lib/service/store/api-keys";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });

function fail(message: string): never {
  console.error(`keys: ${message}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    account: { type: "string" },
    environment: { type: "string" },
    prefix: { type: "string" },
    id: { type: "string" },
  },
  strict: true,
});

const e = env();
const database = await openDatabase(
  e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: e.DATA_DIR },
);
try {
  await migrate(database.db);
  if (command === "create") {
    if (!values.account) fail("--account <name> is required");
    if (!values.environment || !(ENVIRONMENTS as readonly string[]).includes(values.environment)) {
      fail("--environment must be sandbox or production");
    }
    const account = await ensureAccount(database.db, values.account);
    const created = await createApiKey(database.db, {
      accountId: account.id,
      environment: values.environment as Environment,
      label: "cli",
    });
    console.log(
      `Created a ${values.environment} key for account "${account.name}" (id ${created.id}). It is shown once:`,
    );
    console.log(created.key);
  } else if (command === "list") {
    const accountId = values.account ? (await ensureAccount(database.db, values.account)).id : undefined;
    for (const k of await listApiKeys(database.db, { accountId, prefix: values.prefix })) {
      console.log(
        `${k.id}  ${k.environment.padEnd(10)}  ${k.prefix}…  ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active"}`,
      );
    }
  } else if (command === "revoke") {
    if (!values.id) fail("--id <key id> is required");
    console.log((await revokeApiKey(database.db, values.id, new Date())) ? "revoked" : "no active key with that id");
  } else {
    fail("usage: keys create --account <name> --environment <sandbox|production> | list | revoke --id <id>");
  }
} finally {
  await database.close();
}
