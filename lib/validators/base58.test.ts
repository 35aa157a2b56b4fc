import { describe, expect, it } from "vitest";
import { base58Decode } from "./base58";

const hex = (b: Uint8Array | null) => (b ? [...b].map((x) => x.toString(16).padStart(2, "0")).join("") : null);

describe("base58Decode", () => {
  it.each([
    ["2g", "61"],
    ["a3gV", "626262"],
    ["1", "00"],
    ["11", "0000"],
    ["1112", "00000001"],
    ["StV1DL6CwTryKyV", "68656c6c6f20776f726c64"], // "hello world"
  ])("%s → %s", (input, out) => {
    expect(hex(base58Decode(input))).toBe(out);
  });

  it.each(["", "0", "O", "I", "l", "abc+", "2".repeat(129)])("rejects %j", (input) => {
    expect(base58Decode(input)).toBeNull();
  });
});
