import "server-only";
import type { ServiceDeps, WebhookDeliveryConfig } from "../context";
import type { Worker } from "../worker";
import {
  claimDueDeliveries,
  postponeDelivery,
  recordAttempts,
  reserveSendSlot,
  type ClaimedDelivery,
} from "../store/webhook-deliveries";
import { deliveryBody, withOutcome, type AttemptRecord } from "./deliveries";
import { announceDeliveryResults } from "./delivery-notices";
import { sendDelivery, type AttemptResult } from "@/lib/webhooks/send";
import { judgeEndpointHealth } from "./endpoint-health";
import { endpointPolicy } from "@/lib/http/url-guard";
import { sandboxOffset, shiftedClock } from "../sandbox-clock";
import { markDeliveryActivity, waitForDeliveryWork, waitForSignal } from "./signal";
import { deliveryOutcome, metrics } from "@/lib/observability/metrics";
import { safeError } from "@/lib/observability/safe-error";

export const DELIVERY_DEFAULTS: WebhookDeliveryConfig = {
  timeoutMs: 10_000,
  leaseMs: 30_000,
  concurrency: 128,
  perEndpoint: 32,
};
/** An endpoint whose last attempt failed or was slow gets this many sends at once, for a while. */
const STRUGGLING_CAP = 2;
const STRUGGLING_FOR_MS = 60_000;
const SLOW_ATTEMPT_MS = 2_000;
/** While sends are in flight, how often to look for new due work. */
const BUSY_POLL_MS = 20;

export function deliveryConfig(deps: ServiceDeps): WebhookDeliveryConfig {
  const c = { ...DELIVERY_DEFAULTS, ...deps.config.webhooks };
  // A lease shorter than a send would hand the same delivery to a second worker mid-send.
  return {
    ...c,
    leaseMs: Math.max(c.leaseMs, c.timeoutMs + 1_000),
    perEndpoint: Math.min(c.perEndpoint, c.concurrency),
  };
}

interface InstanceState {
  inFlight: Map<string, number>;
  sends: Set<Promise<void>>;
  draining: Promise<number> | null;
  wakeDrain: () => void;
  /** Finished attempts waiting to be written, with the sends waiting on them. */
  toRecord: AttemptRecord[];
  recording: Promise<void> | null;
  /** Endpoints whose last attempt failed or was slow, until when (wall ms). */
  struggling: Map<string, number>;
  /** Shutting down: claim nothing more, finish and record the sends in flight. */
  stopping: boolean;
  /** Someone asked for a pass while one was running: claim once more before it ends. */
  again: boolean;
}

/** Per service instance (per deps): several instances may share one process in tests. */
const states = new WeakMap<ServiceDeps, InstanceState>();
function stateOf(deps: ServiceDeps): InstanceState {
  let s = states.get(deps);
  if (!s) {
    s = {
      inFlight: new Map(),
      sends: new Set(),
      draining: null,
      wakeDrain: () => {},
      toRecord: [],
      recording: null,
      struggling: new Map(),
      stopping: false,
      again: false,
    };
    states.set(deps, s);
  }
  return s;
}

async function attempt(
  deps: ServiceDeps,
  state: InstanceState,
  cfg: WebhookDeliveryConfig,
  d: ClaimedDelivery,
): Promise<void> {
  // Attempt times, and so the retry schedule, follow the endpoint's account clock: the sandbox
  // clock in the sandbox (decision D8.3). The signature's t stays wall time (send.ts).
  const offset = d.environment === "sandbox" ? await sandboxOffset(deps.db, d.accountId) : 0;
  const clock = shiftedClock(deps.clock, offset);
  if (d.maxPerSecond !== null) {
    // A throttled endpoint (issue 63): the send waits for its slot, shared by every instance; with
    // none free in the next second it gives the claim back, no attempt counted.
    const slot = await reserveSendSlot(deps.db, d.webhookId, d.maxPerSecond, new Date());
    if (!slot) {
      // Due again at once on its own clock: the claim skips it until the endpoint has a slot within a second.
      await postponeDelivery(deps.db, d.id, clock.now());
      return;
    }
    const wait = slot.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const at = clock.now();
  const result =
    d.outage && at < d.outage.until
      ? rehearsedFailure(d.outage.mode, cfg)
      : await sendDelivery({
          url: d.url,
          policy: endpointPolicy(d.environment, deps.config),
          secret: d.secret,
          alsoSignedWith: d.previousSecret ? [d.previousSecret] : [],
          replayId: d.replayId,
          eventId: d.eventId,
          body: deliveryBody(d),
          timeoutMs: cfg.timeoutMs,
        });
  metrics().deliveries.labels(deliveryOutcome(result)).inc();
  if (!result.ok || result.durationMs >= SLOW_ATTEMPT_MS)
    state.struggling.set(d.webhookId, Date.now() + STRUGGLING_FOR_MS);
  else state.struggling.delete(d.webhookId);
  // The slot frees now; the record is written with others (see flushRecords).
  state.toRecord.push({ delivery: d, at, result, recordedAt: clock.now() });
  state.recording ??= flushRecords(deps, state).finally(() => {
    state.recording = null;
    state.wakeDrain();
  });
}

/**
 * Writes finished attempts in batches: whatever finished while the last batch was being
 * written goes in the next statement, so many sends share one commit.
 */
async function flushRecords(deps: ServiceDeps, state: InstanceState): Promise<void> {
  while (state.toRecord.length > 0) {
    const batch = state.toRecord.splice(0, 500);
    try {
      const applied = await recordAttempts(deps.db, batch.map(withOutcome));
      // The endpoints' runs of failures, the warning and the policy's turning off (D9.15), before
      // the consoles hear of the results: what they read then includes it.
      await judgeEndpointHealth(
        deps.db,
        batch.filter((b) => applied.has(b.delivery.id)),
      ).catch((error) => console.error("[service] webhook endpoint health:", safeError(error)));
      await announceDeliveryResults(deps.db, batch).catch(() => undefined);
    } catch (error) {
      // Not recorded: the leases run out and these deliveries are sent again (at least once).
      console.error(`[service] webhook delivery: recording ${batch.length} attempts failed:`, safeError(error));
    }
  }
}

/** A rehearsed outage's attempt (sandbox, D9.15): nothing is sent; it fails as the outage says, at once. */
function rehearsedFailure(mode: "http_500" | "timeout", cfg: WebhookDeliveryConfig): AttemptResult {
  return mode === "timeout"
    ? {
        ok: false,
        httpStatus: null,
        durationMs: cfg.timeoutMs,
        responseBody: null,
        error: `timed out after ${cfg.timeoutMs / 1000} s (rehearsed outage)`,
      }
    : { ok: false, httpStatus: 500, durationMs: 0, responseBody: "Rehearsed outage: nothing was sent", error: null };
}

function capsOf(state: InstanceState): Map<string, number> {
  const now = Date.now();
  const caps = new Map<string, number>();
  for (const [id, until] of state.struggling) {
    if (until > now) caps.set(id, STRUGGLING_CAP);
    else state.struggling.delete(id);
  }
  return caps;
}

/**
 * Sends every delivery due at deps.clock.now(), up to `concurrency` at once and `perEndpoint`
 * per endpoint, claiming more as slots free up (a slow endpoint holds its own slots only).
 * An endpoint whose last attempt failed or took long gets only STRUGGLING_CAP at once for a
 * minute. Returns when nothing is due, nothing is in flight and every attempt is recorded; the
 * count of attempts made. A call while a pass runs makes that pass claim once more before it
 * ends (or starts another), so what was due when the call was made is always claimed.
 */
export function deliverDueWebhooks(deps: ServiceDeps): Promise<number> {
  const state = stateOf(deps);
  if (state.draining) {
    state.again = true;
    state.wakeDrain();
    return state.draining.then(() => (state.again ? deliverDueWebhooks(deps) : 0));
  }
  state.again = false;
  state.draining = drain(deps, state).finally(() => {
    state.draining = null;
  });
  return state.draining;
}

async function drain(deps: ServiceDeps, state: InstanceState): Promise<number> {
  const cfg = deliveryConfig(deps);
  let attempts = 0;
  for (;;) {
    const free = state.stopping ? 0 : cfg.concurrency - state.sends.size;
    const claimed =
      free > 0
        ? await claimDueDeliveries(deps.db, {
            now: deps.clock.now(),
            leaseMs: cfg.leaseMs,
            limit: free,
            perEndpoint: cfg.perEndpoint,
            inFlight: state.inFlight,
            caps: capsOf(state),
          })
        : [];
    for (const d of claimed) {
      state.inFlight.set(d.webhookId, (state.inFlight.get(d.webhookId) ?? 0) + 1);
      const send: Promise<void> = attempt(deps, state, cfg, d).finally(() => {
        const left = (state.inFlight.get(d.webhookId) ?? 1) - 1;
        if (left > 0) state.inFlight.set(d.webhookId, left);
        else state.inFlight.delete(d.webhookId);
        state.sends.delete(send);
        state.wakeDrain();
      });
      state.sends.add(send);
    }
    attempts += claimed.length;
    if (claimed.length > 0) markDeliveryActivity();
    if (state.sends.size === 0 && claimed.length === 0) {
      if (state.recording) {
        await state.recording;
        continue;
      }
      if (!state.again || state.stopping) return attempts;
      state.again = false;
      continue;
    }
    // Full, or nothing more due right now: wait for a send to finish, a new event, or a poll.
    const slotFree = new Promise<void>((resolve) => {
      state.wakeDrain = resolve;
    });
    await Promise.race(state.sends.size >= cfg.concurrency ? [slotFree] : [slotFree, waitForSignal(BUSY_POLL_MS)]);
  }
}

/**
 * Graceful shutdown: this instance claims no more deliveries; the sends in flight finish (each
 * within its timeout) and are recorded. Resolves when nothing is in flight.
 */
export async function stopDelivering(deps: ServiceDeps): Promise<void> {
  const state = stateOf(deps);
  state.stopping = true;
  state.wakeDrain();
  await state.draining;
}

/** Sends the webhook deliveries that are due; woken early by a new event. */
export const webhookDelivery: Worker = {
  name: "webhook-delivery",
  tick: async (deps) => {
    await deliverDueWebhooks(deps);
  },
  idle: (_deps, intervalMs) => waitForDeliveryWork(intervalMs),
};
