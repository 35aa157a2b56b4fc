import "server-only";

const MAX_BATCH = 200;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Look-ups by key made in the same turn of the event loop, answered by one query (DataLoader's
 * idea): under load, one round trip serves every request that arrived together, and alone a
 * look-up waits for nothing but the end of the current turn. `load` returns what it found by
 * key; a key it leaves out resolves to undefined. A failed load fails every look-up of its batch.
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | null = null;

  async function flush(batch: Map<K, Waiter<V>[]>): Promise<void> {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending || pending.size >= MAX_BATCH) {
        const batch = new Map<K, Waiter<V>[]>();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
