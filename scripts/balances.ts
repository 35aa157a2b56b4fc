/**
 * Pre-funded balances from the command line (decisions D10). Production balances are set only
 * here; sandbox ones are seeded at start and may be set here too. With PGlite, run it while the
 * app is stopped (one process per data directory).
 *
 *   npm run --silent balances -- set --account <name> --environment production --currency USDC --amount 1000.00 [--create-account]
 *   npm run --silent balances -- list --account <name> [--environment production]
 *
 * `set` sets the total; reserved funds stay reserved and the available part moves by the
 * difference (one ledger entry).
 */
import nextEnv from "@next/env";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { ENVIRONMENTS, type Environment } from "@/lib/schemas/catalog";
import { env } from "@/lib/env";
import { ensureAccount } from "@/lib/service/store/api-keys";
import { openDatabase } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";
import { accounts } from "@/lib/service/store/schema";
import { listBalances } from "@/lib/service/use-cases/balances";
import { SetBalanceError, setAccountBalance } from "@/lib/service/use-cases/set-balance";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });

function fail(message: string): never {
  console.error(`balances: ${message}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    account: { type: "string" },
    environment: { type: "string" },
    currency: { type: "string" },
    amount: { type: "string" },
    /** Makes the account first if it does not exist yet (a fresh data directory, before the first start). */
    "create-account": { type: "boolean" },
  },
  strict: true,
});

function environmentOf(value: string | undefined): Environment {
  if (!value || !(ENVIRONMENTS as readonly string[]).includes(value))
    fail("--environment must be sandbox or production");
  return value as Environment;
}

const e = env();
const database = await openDatabase(
  e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: e.DATA_DIR },
);
try {
  await migrate(database.db);
  if (command === "set") {
    if (!values.account) fail("--account <name> is required");
    if (!values.currency) fail("--currency is required");
    if (!values.amount) fail("--amount is required");
    const environment = environmentOf(values.environment);
    if (values["create-account"]) await ensureAccount(database.db, values.account);
    const balance = await setAccountBalance(database.db, {
      accountName: values.account,
      environment,
      currency: values.currency,
      amount: values.amount,
      lowBalanceThreshold: e.LOW_BALANCE_THRESHOLD,
      at: new Date(),
    }).catch((error: unknown) => (error instanceof SetBalanceError ? fail(error.message) : Promise.reject(error)));
    console.log(
      `${values.account} ${environment} ${balance.currency}: total ${balance.total_balance}, available ${balance.available_balance}, reserved ${balance.reserved_balance}`,
    );
  } else if (command === "list") {
    if (!values.account) fail("--account <name> is required");
    const [account] = await database.db.select().from(accounts).where(eq(accounts.name, values.account)).limit(1);
    if (!account) fail(`no account named "${values.account}"`);
    const environments = values.environment ? [environmentOf(values.environment)] : ENVIRONMENTS;
    for (const environment of environments) {
      for (const b of await listBalances(database.db, { accountId: account.id, environment }, new Date())) {
        console.log(
          `${environment.padEnd(10)}  ${b.currency.padEnd(5)}  total ${b.total_balance}  available ${b.available_balance}  reserved ${b.reserved_balance}`,
        );
      }
    }
  } else {
    fail(
      "usage: balances set --account <name> --environment <sandbox|production> --currency USDC --amount 1000.00 | list --account <name>",
    );
  }
} finally {
  await database.close();
}
