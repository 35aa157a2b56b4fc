import "server-only";
import { listWebhookDeliveries } from "@/lib/settlement-api";
import type { InboxSummary } from "./types";

/**
 * Whether the service reaches a registered inbox (issue 34): the endpoint's newest delivery
 * attempt, read from the service's own delivery log. An attempt that got no HTTP answer at all
 * (refused, timed out, unresolvable) means the inbox's URL is not reachable from where the
 * service runs, typically a remote service posting to its own localhost. Null: nothing to say
 * (not registered, no attempt yet, or the last one was answered).
 */
export type Reachability = { url: string; error: string; at: string };

export async function unreachable(inbox: InboxSummary): Promise<Reachability | null> {
  // An inbox told to keep senders waiting times them out on purpose.
  if (!inbox.webhookId || !inbox.environment || inbox.responseMode === "timeout") return null;
  const deliveries = await listWebhookDeliveries(inbox.environment, inbox.webhookId);
  if (!deliveries.ok) return null;
  const attempts = deliveries.data.data.flatMap((d) => d.attempts).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const last = attempts[0];
  if (!last || last.http_status !== null) return null;
  return { url: inbox.url, error: last.error ?? "no answer", at: last.at };
}
