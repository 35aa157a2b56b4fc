import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODIES } from "../testing/settlement-fixtures";
import { DICTIONARY_V1 } from "./packed-json-dictionary";
import { packJson, packJsonAsync, unpackJson } from "./packed-json";

describe("packed JSON (the request log's bodies, the events' data)", () => {
  it("keeps format 1's dictionary byte for byte: stored bodies need exactly it to be read", () => {
    expect(createHash("sha256").update(DICTIONARY_V1).digest("hex")).toBe(
      "f2e071944988c53707b6cd756e65725dda875b144963f0da21fbbcd9288d6a77",
    );
  });

  it("gives back any text it packed, on either path, including text that is not JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 2_000 }), async (text) => {
        expect(unpackJson(packJson(text))).toBe(text);
        expect(unpackJson(await packJsonAsync(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
    expect(unpackJson(packJson("{broken"))).toBe("{broken");
  });

  it("reads what each driver hands back for bytea: a Buffer, a Uint8Array view, PGlite's hex text", () => {
    const packed = packJson('{"status":"REQUEST_STARTED"}');
    const view = new Uint8Array(new ArrayBuffer(packed.length + 8), 4, packed.length);
    view.set(packed);
    expect(unpackJson(view)).toBe('{"status":"REQUEST_STARTED"}');
    expect(unpackJson(`\\x${packed.toString("hex")}`)).toBe('{"status":"REQUEST_STARTED"}');
  });

  it("packs a settlement request to under half its text, and says so when the format is unknown", () => {
    const text = JSON.stringify({
      id: "8f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f",
      status: "REQUEST_STARTED",
      ...BODIES.s2f,
    });
    expect(packJson(text).length).toBeLessThan(text.length / 2);
    expect(() => unpackJson(Buffer.of(9, 1, 2))).toThrow(/unknown format 9/);
  });
});
