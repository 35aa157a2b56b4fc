import "server-only";
import { reportBackgroundFailure } from "@/lib/db/availability";
import { randomBytes } from "node:crypto";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { runDryRun } from "./dry-run";
import { Pacer } from "./pacer";
import { priceBatch } from "./price";
import { sendBatch } from "./send-batch";
import { currentStatus, isFinalStatus, paced } from "./send-row";
import { setBatch } from "./store";
import { batchesToFollow, claimRowsToFollow, claimWork, recordStatus, releaseLease, renewLease } from "./work-queue";

const TICK_MS = 2_000;
const FOLLOW_ROWS = 20;
const FOLLOW_EVERY_SECONDS = 5;

type WorkerState = {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  stopped?: boolean;
  again?: boolean;
  owner: string;
};
const holder = globalThis as typeof globalThis & { __batchWorker?: WorkerState };

/**
 * The batch worker of this instance (decisions D20.4): every two seconds, and at once when this
 * instance queued work, it claims the oldest batch with work (a lease in PostgreSQL, renewed as
 * it goes), runs its dry run or its sends, and then refreshes the statuses of rows already sent.
 * Any instance may carry on a batch another one started: the lease lapses 15 s after its holder
 * stopped renewing it.
 */
export function startBatchWorker(): void {
  if (holder.__batchWorker) return;
  const state: WorkerState = { owner: `${process.pid}-${randomBytes(4).toString("hex")}` };
  holder.__batchWorker = state;
  state.timer = setInterval(() => kickBatchWorker(), TICK_MS);
  state.timer.unref();
  kickBatchWorker();
}

/** Runs a pass now (or right after the one under way). */
export function kickBatchWorker(): void {
  const state = holder.__batchWorker;
  if (!state || state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = pass(state)
    .catch((error) => reportBackgroundFailure("[batches] worker pass", error, safeError))
    .finally(() => {
      state.running = undefined;
      if (state.again && !state.stopped) {
        state.again = false;
        kickBatchWorker();
      }
    });
}

/** Stops claiming; the batch in hand stops at its next row and its lease is given back. */
export async function stopBatchWorker(): Promise<void> {
  const state = holder.__batchWorker;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  await state.running;
  holder.__batchWorker = undefined;
}

async function pass(state: WorkerState): Promise<void> {
  const { db } = await getDatabase();
  for (let claimed = 0; claimed < 10 && !state.stopped; claimed++) {
    const batch = await claimWork(db, state.owner);
    if (!batch) break;
    const keepAlive = async () => !state.stopped && renewLease(db, batch.id, state.owner);
    try {
      const dryRun = batch.dryRunState === "queued" || batch.dryRunState === "running";
      let result: "done" | "paused" = "done";
      if (batch.status === "sending") result = await sendBatch(db, batch, keepAlive);
      else if (dryRun) result = await runDryRun(db, batch, keepAlive);
      else if (batch.status === "review") result = await priceBatch(db, batch, keepAlive);
      // Submitted or discarded before its pricing ended: nothing left to price.
      else await setBatch(db, batch.id, { quoteState: "done" });
      if (result === "paused") break;
    } finally {
      await releaseLease(db, batch.id, state.owner);
    }
  }
  if (!state.stopped) await follow(state);
}

/** Reads the current status of rows sent and not final yet, a few per batch per pass, claimed so instances share the reads. */
async function follow(state: WorkerState): Promise<void> {
  const { db } = await getDatabase();
  const pacer = new Pacer(0);
  for (const batch of await batchesToFollow(db, 5)) {
    const rows = await claimRowsToFollow(db, batch.id, FOLLOW_ROWS, FOLLOW_EVERY_SECONDS);
    for (const row of rows) {
      if (state.stopped || !row.resultId) return;
      const read = await paced(
        pacer,
        () => currentStatus(batch.environment, batch.kind, row.resultId as string),
        async () => !state.stopped,
      );
      if (!read.ok) {
        // Spent rate limit or an unreachable API: try again on a later pass.
        if (read.error.kind === "api" && read.error.status === 404)
          await recordStatus(db, batch.id, row.rowNo, null, true);
        if (pacer.waitMs() > 0) return;
        continue;
      }
      await recordStatus(db, batch.id, row.rowNo, read.data.status, isFinalStatus(batch.kind, read.data.status));
      if (read.rateLimit && read.rateLimit.remaining < read.rateLimit.limit / 2) return;
    }
  }
}
