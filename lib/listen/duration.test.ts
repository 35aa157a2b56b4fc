import { describe, expect, it } from "vitest";
import { CATCH_UP, parseDuration, TOKEN_LIFETIME } from "./duration";

describe("durations as typed on a command line", () => {
  it("reads seconds, minutes, hours and days", () => {
    expect(parseDuration("90s", CATCH_UP)).toEqual({ ok: true, seconds: 90 });
    expect(parseDuration("30m", CATCH_UP)).toEqual({ ok: true, seconds: 1_800 });
    expect(parseDuration("2h", CATCH_UP)).toEqual({ ok: true, seconds: 7_200 });
    expect(parseDuration("30d", TOKEN_LIFETIME.most)).toEqual({ ok: true, seconds: 2_592_000 });
  });

  it("refuses nonsense, zero and more than the most", () => {
    expect(parseDuration("2 hours", CATCH_UP).ok).toBe(false);
    expect(parseDuration("0h", CATCH_UP)).toMatchObject({ ok: false, message: "The duration must be more than zero." });
    expect(parseDuration("25h", CATCH_UP)).toMatchObject({ ok: false, message: "At most 24h." });
    expect(parseDuration("400d", TOKEN_LIFETIME.most)).toMatchObject({ ok: false, message: "At most 365d." });
  });
});
