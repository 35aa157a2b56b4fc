/**
 * A small deterministic generator (mulberry32): the same numbers in [0, 1) for the same seed, so
 * a generated case (an exception pack, a bench's business, a test's inputs) can be made again.
 * Not for secrets. Pure and browser-safe.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
