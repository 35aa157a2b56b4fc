import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { notify } from "@/lib/db/database";
import { safeError } from "@/lib/observability/safe-error";

/**
 * One PostgreSQL NOTIFY channel fanned out to this instance's open streams (docs/decisions/
 * D14.2). `publish` notifies every instance (this one included, through its own LISTEN);
 * `subscribe` registers a listener under a key (an owner, an environment); each instance keeps
 * one listening connection per channel, started by the first stream. A notice carries ids only:
 * listeners read the rows themselves. After the listening connection was lost and came back,
 * every listener is called with `null` (anything may have happened meanwhile: catch up).
 */
export type ChannelHub<N> = {
  publish(notice: N): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  subscribe(key: string, listener: (notice: N | null) => void): () => void;
};

type HubState = {
  listeners: Map<string, Set<(notice: unknown) => void>>;
  listening?: Promise<void>;
  stop?: () => Promise<void>;
};
const holder = globalThis as typeof globalThis & { __channelHubs?: Map<string, HubState> };
const hubs = (holder.__channelHubs ??= new Map());

export function channelHub<N>(options: {
  channel: string;
  encode: (notice: N) => string;
  decode: (payload: string) => N | null;
  keyOf: (notice: N) => string;
}): ChannelHub<N> {
  let state = hubs.get(options.channel);
  if (!state) {
    state = { listeners: new Map() };
    hubs.set(options.channel, state);
  }
  const hub = state;

  const call = (listener: (notice: unknown) => void, notice: N | null) => {
    try {
      listener(notice);
    } catch (error) {
      console.error(`[live] a listener of ${options.channel} failed:`, safeError(error));
    }
  };
  const dispatch = (payload: string) => {
    const notice = options.decode(payload);
    if (notice === null) return;
    for (const listener of [...(hub.listeners.get(options.keyOf(notice)) ?? [])]) call(listener, notice);
  };
  const wakeEveryone = () => {
    for (const set of hub.listeners.values()) for (const listener of [...set]) call(listener, null);
  };

  return {
    async publish(notice) {
      const { db } = await getDatabase();
      await notify(db, options.channel, options.encode(notice));
    },
    start() {
      hub.listening ??= getDatabase()
        .then((database) => database.listen(options.channel, { onMessage: dispatch, onReconnect: wakeEveryone }))
        .then((stop) => {
          hub.stop = stop;
        })
        .catch((error: unknown) => {
          hub.listening = undefined;
          throw error;
        });
      return hub.listening;
    },
    async stop() {
      const stop = hub.stop;
      hub.stop = undefined;
      hub.listening = undefined;
      await stop?.();
    },
    subscribe(key, listener) {
      let set = hub.listeners.get(key);
      if (!set) {
        set = new Set();
        hub.listeners.set(key, set);
      }
      const entry = listener as (notice: unknown) => void;
      set.add(entry);
      return () => {
        const current = hub.listeners.get(key);
        current?.delete(entry);
        if (current?.size === 0) hub.listeners.delete(key);
      };
    },
  };
}
