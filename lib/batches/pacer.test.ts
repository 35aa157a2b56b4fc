import { describe, expect, it } from "vitest";
import { Pacer } from "./pacer";

function fakeClock() {
  let now = 0;
  const slept: number[] = [];
  return {
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        slept.push(ms);
        now += ms;
      },
    },
    slept,
    at: () => now,
  };
}

describe("the batch pacer", () => {
  it("spaces sends at the configured rate", async () => {
    const f = fakeClock();
    const pacer = new Pacer(4, f.clock);
    for (let i = 0; i < 5; i++) await pacer.slot();
    expect(f.at()).toBe(1000);
  });

  it("waits for the window's reset when the RateLimit headers say it is spent, and for Retry-After after a 429", async () => {
    const f = fakeClock();
    const pacer = new Pacer(0, f.clock);
    await pacer.slot();
    pacer.saw({ limit: 100, remaining: 3, resetSeconds: 40 });
    await pacer.slot();
    expect(f.at()).toBe(0);
    pacer.saw({ limit: 100, remaining: 0, resetSeconds: 7 });
    await pacer.slot();
    expect(f.at()).toBe(7000);
    pacer.blockFor(2);
    expect(pacer.waitMs()).toBe(2000);
    await pacer.slot();
    expect(f.at()).toBe(9000);
  });
});
