import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { reportBackgroundFailure } from "@/lib/db/availability";
import { safeError } from "@/lib/observability/safe-error";
import { makeReport } from "./run-report";
import { env } from "@/lib/env";
import { deliverRun } from "./deliver";
import { claimDueSchedule } from "./schedules";
import { claimRun } from "./store";

const TICK_MS = 2_000;
type WorkerState = { timer?: NodeJS.Timeout; running?: Promise<void>; stopped?: boolean; again?: boolean };
const holder = globalThis as typeof globalThis & { __reportWorker?: WorkerState };

/**
 * This instance's report worker: every two seconds, and at once when a person queues a run
 * here, it turns due schedules into runs, then claims queued runs one at a time (any instance
 * may take any run), makes them, and delivers a scheduled run's webhook.
 */
export function startReportWorker(): void {
  if (holder.__reportWorker) return;
  const state: WorkerState = {};
  holder.__reportWorker = state;
  state.timer = setInterval(() => kickReportWorker(), TICK_MS);
  state.timer.unref();
  kickReportWorker();
}

export function kickReportWorker(): void {
  const state = holder.__reportWorker;
  if (!state || state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = pass()
    .catch((error) => reportBackgroundFailure("[reports] worker pass", error, safeError))
    .finally(() => {
      state.running = undefined;
      if (state.again && !state.stopped) {
        state.again = false;
        kickReportWorker();
      }
    });
}

async function pass(): Promise<void> {
  const { db } = await getDatabase();
  // Due schedules become queued runs first (one instance each), then the queue is worked.
  while (!holder.__reportWorker?.stopped && (await claimDueSchedule(db, env().MERCHANT_TIME_ZONE))) {}
  for (let run = await claimRun(db); run && !holder.__reportWorker?.stopped; run = await claimRun(db)) {
    const manifest = await makeReport(db, run);
    if (manifest) await deliverRun(db, run.id, manifest);
  }
}

/** Stops claiming; the run under way finishes (or, if this process ends first, another instance takes it over once its claim has gone quiet for two minutes). */
export async function stopReportWorker(): Promise<void> {
  const state = holder.__reportWorker;
  if (!state) return;
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  await state.running;
  holder.__reportWorker = undefined;
}
