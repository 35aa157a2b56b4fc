import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import { CATCH_UP, parseDuration } from "./duration";

/**
 * The listen stream's query string, checked: `events` (comma-separated event types), `since`
 * (a duration up to 24h) and `forward_to` (what the CLI forwards to, shown on the Inbox page).
 * Browser-safe and server-free: the CLI checks its flags with the same rules before it connects.
 */
export type StreamQuery = { eventTypes: string[] | null; sinceSeconds: number | null; forwardTo: string };

export function parseEventTypes(text: string): { ok: true; types: string[] } | { ok: false; message: string } {
  const types = [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) return { ok: false, message: "--events needs at least one event type." };
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `Unknown event type ${unknown.map((t) => `"${t}"`).join(", ")}. Known: ${EVENT_TYPES.join(", ")}.`,
    };
  return { ok: true, types };
}

/** A local URL to forward to: http(s), with a host, at most 300 characters. */
export function parseForwardTo(text: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `--forward-to "${text}" is not a URL (for example http://localhost:8080/webhooks).` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: "--forward-to must be an http:// or https:// URL." };
  if (url.username || url.password)
    return { ok: false, message: "--forward-to must not carry a user name or password." };
  if (url.href.length > 300) return { ok: false, message: "--forward-to is longer than 300 characters." };
  return { ok: true, url: url.href };
}

export function parseStreamQuery(
  params: URLSearchParams,
): { ok: true; query: StreamQuery } | { ok: false; field: string; message: string } {
  let eventTypes: string[] | null = null;
  const events = params.get("events");
  if (events !== null) {
    const parsed = parseEventTypes(events);
    if (!parsed.ok) return { ok: false, field: "events", message: parsed.message };
    eventTypes = parsed.types;
  }
  let sinceSeconds: number | null = null;
  const since = params.get("since");
  if (since !== null) {
    const parsed = parseDuration(since, CATCH_UP);
    if (!parsed.ok) return { ok: false, field: "since", message: parsed.message };
    sinceSeconds = parsed.seconds;
  }
  const forward = parseForwardTo(params.get("forward_to") ?? "");
  if (!forward.ok) return { ok: false, field: "forward_to", message: forward.message };
  return { ok: true, query: { eventTypes, sinceSeconds, forwardTo: forward.url } };
}
