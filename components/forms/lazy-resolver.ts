/**
 * A react-hook-form resolver whose schema is loaded on the first validation, not with the page:
 * `load` is a dynamic import of a module that builds the real resolver (zodResolver(schema)),
 * so zod and the schema stay out of the route's first-load JS. Validation is the real
 * resolver's own; only the first call waits for the chunk. A failed load (network) is retried
 * on the next validation.
 */
import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<V extends FieldValues, C, O> = Resolver<V, C, O> & {
  /** Starts loading the schema early (e.g. when a dialog opens or a field gets focus). */
  preload: () => void;
};

export function lazyResolver<V extends FieldValues, C = unknown, O = V>(
  load: () => Promise<Resolver<V, C, O>>,
): LazyResolver<V, C, O> {
  let loaded: Promise<Resolver<V, C, O>> | null = null;
  const get = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<
    V,
    C,
    O
  >;
  resolver.preload = () => void get().catch(() => {});
  return resolver;
}
