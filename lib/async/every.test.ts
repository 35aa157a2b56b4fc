import { afterEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "./every";

describe("repeatEvery", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs on each tick, never two passes at once, and stop waits for the pass in progress", async () => {
    vi.useFakeTimers();
    let release = () => {};
    let started = 0;
    const job = repeatEvery(
      1_000,
      () => {
        started++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000); // still running: five ticks skipped
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // the second pass is still running
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(2); // no tick after stop
  });

  it("a failing pass goes to onError and the next tick runs", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const job = repeatEvery(
      100,
      async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
    await job.stop();
  });
});
