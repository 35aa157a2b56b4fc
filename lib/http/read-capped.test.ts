import { describe, expect, it } from "vitest";
import { readCapped } from "./read-capped";

function streamOf(chunks: number, size: number, pulled: { n: number }) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.n >= chunks) return controller.close();
      pulled.n++;
      controller.enqueue(new Uint8Array(size).fill(65));
    },
  });
}

/** A chunked POST (no declared length) of `chunks` chunks of `size` bytes, counting the chunks pulled. */
const chunked = (chunks: number, size: number, pulled: { n: number }) =>
  new Request("http://x/", { method: "POST", body: streamOf(chunks, size, pulled), duplex: "half" } as RequestInit);

describe("readCapped", () => {
  it("returns a body within the cap whole", async () => {
    const pulled = { n: 0 };
    expect((await readCapped(chunked(4, 1000, pulled), 4000))?.byteLength).toBe(4000);
  });

  it("stops reading at the first chunk past the cap (a chunked body is never read whole)", async () => {
    const pulled = { n: 0 };
    expect(await readCapped(chunked(1000, 1024, pulled), 10 * 1024)).toBeNull();
    expect(pulled.n).toBeLessThan(20);
  });

  it("refuses a declared length over the cap without reading", async () => {
    const req = new Request("http://x/", { method: "POST", body: "x".repeat(50), headers: { "content-length": "50" } });
    expect(await readCapped(req, 10)).toBeNull();
  });
});
