import "server-only";
import { getDatabase } from "@/lib/db/connection";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * One plan per action call: the controls judge, and `run` acts on, the same plan, read from the
 * service once (the action wrapper hands both the same parsed input; a call it did not see is
 * planned afresh).
 */
export function planPerCall<I extends object, P>(
  make: (db: Executor, environment: Environment, input: I) => Promise<P>,
) {
  const plans = new WeakMap<I, Promise<{ db: Executor; plan: P }>>();
  return (environment: Environment, input: I): Promise<{ db: Executor; plan: P }> => {
    const known = plans.get(input);
    if (known) return known;
    const made = getDatabase().then(async ({ db }) => ({ db, plan: await make(db, environment, input) }));
    plans.set(input, made);
    return made;
  };
}
