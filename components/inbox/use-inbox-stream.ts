"use client";

import { useEffect, useState } from "react";
import type { InboxMessageView } from "@/lib/inbox/types";

export type StreamState = "connecting" | "live" | "reconnecting";

/** Merges by seq, oldest first; keeps the newest `cap`. */
function merge(current: InboxMessageView[], incoming: InboxMessageView[], cap = 500): InboxMessageView[] {
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-cap);
}

/**
 * The messages of one inbox: the server-rendered first ones, then live over SSE. EventSource
 * reconnects by itself and sends Last-Event-ID, so the server replays what was missed.
 */
export function useInboxStream(inboxId: string, initial: InboxMessageView[]) {
  const [messages, setMessages] = useState(initial);
  const [state, setState] = useState<StreamState>("connecting");

  useEffect(() => {
    const after = initial.at(-1)?.seq ?? 0;
    const source = new EventSource(`/inbox/${encodeURIComponent(inboxId)}/stream?after=${after}`);
    source.onopen = () => setState("live");
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? "connecting" : "reconnecting");
    source.addEventListener("message", (event: MessageEvent<string>) => {
      // A catch-up burst renders once: React batches these updates.
      const message = JSON.parse(event.data) as InboxMessageView;
      setMessages((current) => merge(current, [message]));
    });
    return () => source.close();
  }, [inboxId, initial]);

  return { messages, state };
}
