import "server-only";
import { randomBytes } from "node:crypto";
import type { WebhookReplayInput, WebhookReplayResult } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { ApiError, invalidField } from "../errors";
import { signalDeliveryWork } from "../outbox/signal";
import { eventPassesFilter } from "@/lib/schemas/event-filter";
import {
  countReplayable,
  missedEventBodies,
  overlappingReplays,
  startReplay,
  type ReplayRange,
} from "../store/webhooks";

/** Missed events read to apply an endpoint's payload condition, at most: past it, a shorter range. */
const MAX_FILTERED_MISSED = 50_000;
import { loadWebhook } from "./webhook-view";

/**
 * POST /v0/webhooks/{id}/replay (extension, issue 63): the endpoint's finished deliveries of
 * events created in [from, to) (on the account's clock), all or the failed ones, of some types or
 * all, sent again in their events' order, through the endpoint's rate, each carrying
 * `X-Service-Replay: <replay id>`. `dry_run` only counts. A range an earlier replay covered in
 * part is 409 until `confirm_repeat`; a range with nothing to send is 400 naming `from`. The
 * replay is one statement: a restart cannot send half of it twice (each delivery is then sent
 * once more, at least once, as any delivery).
 */
export async function replayWebhookRange(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookReplayInput,
): Promise<WebhookReplayResult> {
  const webhook = await loadWebhook(deps.db, caller, id);
  const range: ReplayRange = {
    from: new Date(input.from),
    to: new Date(input.to),
    types: input.types ?? null,
    onlyFailed: input.only_failed === true,
    // Events of its types it never got (it was turned off then): each gets its first delivery (D9.15).
    missed: input.include_missed
      ? {
          accountId: webhook.accountId,
          environment: webhook.environment,
          events: webhook.events,
          since: webhook.createdAt,
        }
      : null,
  };
  if (range.missed && webhook.filter) {
    // The payload condition (D9.16) picks among the missed events: their bodies are packed, so here.
    const candidates = await missedEventBodies(deps.db, webhook.id, range, MAX_FILTERED_MISSED + 1);
    if (candidates.length > MAX_FILTERED_MISSED)
      throw invalidField(
        "from",
        `More than ${MAX_FILTERED_MISSED} missed events in this range for an endpoint with a condition: replay a shorter range`,
      );
    const clauses = webhook.filter.all;
    range.missed.onlyIds = candidates.filter((e) => eventPassesFilter(clauses, e.data)).map((e) => e.id);
  }
  const earlier = await overlappingReplays(deps.db, webhook.id, range);
  if (input.dry_run) {
    return {
      dry_run: true,
      count: await countReplayable(deps.db, webhook.id, range),
      replay_id: null,
      earlier_replays: earlier,
    };
  }
  if (earlier > 0 && input.confirm_repeat !== true)
    throw new ApiError(
      "invalid_transition",
      `${earlier === 1 ? "An earlier replay" : `${earlier} earlier replays`} covered part of this range: send confirm_repeat: true to replay it again.`,
      [{ path: "confirm_repeat", message: "This range was replayed before" }],
    );
  if ((await countReplayable(deps.db, webhook.id, range)) === 0)
    throw invalidField(
      "from",
      input.include_missed
        ? "No finished delivery and no missed event of this endpoint in this range to replay"
        : "No finished delivery of this endpoint in this range to replay",
    );
  const replayId = `rpl_${randomBytes(9).toString("base64url")}`;
  const count = await startReplay(deps.db, { id: replayId, webhookId: webhook.id, at: deps.clock.now(), ...range });
  signalDeliveryWork();
  return { dry_run: false, count, replay_id: replayId, earlier_replays: earlier };
}
