/**
 * The replay phase of bench:webhooks (issue 63): N finished deliveries of one endpoint replayed by
 * range through a rate of R a second, timed from the replay call to the last receipt, against
 * N / R seconds (the goal: within 10 %), and the same replay without a rate beside it. Nothing may
 * reach the receiver twice.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/database";
import type { ServiceDeps } from "@/lib/service/context";
import { emitEvent } from "@/lib/service/outbox/emit";
import { ensureAccount } from "@/lib/service/store/api-keys";
import { webhookEndpoints } from "@/lib/service/store/schema";
import { replayWebhookRange } from "@/lib/service/use-cases/replay-webhook-range";
import { startWorkers } from "@/lib/service/workers";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { sealSecret } from "@/lib/crypto/secret-box";

export interface Receipts {
  receipts: Map<string, number>;
  count: number;
  reset(): void;
}

export interface ReplayFigures {
  events: number;
  perSecond: number;
  seconds: number;
  unthrottledSeconds: number;
  sentTwice: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An endpoint with `n` SUCCEEDED deliveries of events made a second apart, ending an hour ago. */
async function seedFinished(db: Db, url: string, n: number, name: string) {
  const account = await ensureAccount(db, name);
  const id = `wh_${name}`;
  const start = new Date(Date.now() - 3_600_000 - n * 1000);
  await db.insert(webhookEndpoints).values({
    id,
    accountId: account.id,
    environment: "sandbox",
    url,
    events: ["payment.created"],
    secret: sealSecret(generateWebhookSecret()),
    status: "ACTIVE",
    createdAt: start,
    updatedAt: start,
  });
  // No worker runs while seeding: each chunk's deliveries are marked finished in its own transaction.
  for (let i = 0; i < n; i += 500) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(n, i + 500); j++) {
        await emitEvent(tx, {
          accountId: account.id,
          environment: "sandbox",
          type: "payment.created",
          data: { id: `pay_${name}_${j}` },
          at: new Date(start.getTime() + j * 1000),
        });
      }
      await tx.execute(
        sql`UPDATE webhook_deliveries SET status = 'SUCCEEDED', attempt_count = 1, next_attempt_at = NULL WHERE webhook_id = ${id}`,
      );
    });
  }
  return {
    id,
    caller: { keyId: "bench", accountId: account.id, accountName: name, environment: "sandbox" as const },
    from: start,
    to: new Date(start.getTime() + n * 1000),
  };
}

async function timeReplay(
  deps: ServiceDeps,
  receiver: Receipts,
  url: string,
  n: number,
  perSecond: number | null,
): Promise<{ seconds: number; sentTwice: number }> {
  const name = `bench-replay-${perSecond ?? "free"}-${Date.now()}`;
  const seeded = await seedFinished(deps.db as Db, `${url}?${name}`, n, name);
  if (perSecond !== null)
    await deps.db.execute(sql`UPDATE webhook_endpoints SET max_per_second = ${perSecond} WHERE id = ${seeded.id}`);
  const stop = startWorkers(deps, 500);
  await sleep(500);
  receiver.reset();
  const started = performance.now();
  const result = await replayWebhookRange(deps, seeded.caller, seeded.id, {
    from: seeded.from.toISOString(),
    to: seeded.to.toISOString(),
  });
  if (result.count !== n) throw new Error(`replay took ${result.count} deliveries, not ${n}`);
  const deadline = Date.now() + (perSecond ? (n / perSecond) * 2_000 : 300_000);
  while (receiver.receipts.size < n) {
    if (Date.now() > deadline) throw new Error(`replay stalled at ${receiver.receipts.size} of ${n}`);
    await sleep(5);
  }
  const seconds = (performance.now() - started) / 1000;
  await stop();
  // A late duplicate would arrive after the last first receipt: wait a little, then count.
  await sleep(1_000);
  return { seconds, sentTwice: receiver.count - receiver.receipts.size };
}

export async function benchReplay(
  deps: ServiceDeps,
  receiver: Receipts,
  url: string,
  n: number,
  perSecond: number,
): Promise<ReplayFigures> {
  const free = await timeReplay(deps, receiver, url, n, null);
  const paced = await timeReplay(deps, receiver, url, n, perSecond);
  return {
    events: n,
    perSecond,
    seconds: paced.seconds,
    unthrottledSeconds: free.seconds,
    sentTwice: free.sentTwice + paced.sentTwice,
  };
}
