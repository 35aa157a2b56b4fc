import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { TEST_PG_URL } from "../../testing/harness";
import { queryRows, type Db } from "@/lib/db/database";
import { ensureAccount } from "../../store/api-keys";
import { webhookEndpoints } from "../../store/schema";
import { emitEvent } from "../emit";
import { generateWebhookSecret } from "@/lib/webhooks/signature";

/** A DATABASE_URL whose connections use one schema (pg passes `options` to the server). */
export function schemaUrl(schema: string, base = TEST_PG_URL): string {
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

export interface StandaloneProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** `tsx lib/service/standalone.ts` as its own OS process, delivering from the given schema. */
export function startStandalone(schema: string, env: Record<string, string> = {}): StandaloneProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/service/standalone.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: schemaUrl(schema),
      SERVICE_PORT: "0",
      SERVICE_HOST: "127.0.0.1",
      WORKER_INTERVAL_MS: "100",
      WEBHOOK_TIMEOUT_MS: "1500",
      WEBHOOK_LEASE_MS: "2500",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output, exited };
}

/** One sandbox endpoint to `url` and `count` committed events for it, in transactions of 100. */
export async function seedPendingEvents(
  db: Db,
  url: string,
  count: number,
): Promise<{ eventIds: string[]; secret: string }> {
  const account = await ensureAccount(db, `outbox-${Math.random().toString(36).slice(2)}`);
  const now = new Date();
  const secret = generateWebhookSecret();
  await db.insert(webhookEndpoints).values({
    id: `wh_${account.id}`,
    accountId: account.id,
    environment: "sandbox",
    url,
    events: ["payment.created"],
    secret,
    status: "ACTIVE",
    createdAt: now,
    updatedAt: now,
  });
  const eventIds: string[] = [];
  for (let i = 0; i < count; i += 100) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(count, i + 100); j++) {
        eventIds.push(
          await emitEvent(tx, {
            accountId: account.id,
            environment: "sandbox",
            type: "payment.created",
            data: { n: j },
            at: now,
          }),
        );
      }
    });
  }
  return { eventIds, secret };
}

export async function countRows(db: Db, where: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql.raw(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE ${where}`),
  );
  return row.n;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
