/**
 * Reads a request body as it streams and stops at `max` bytes: a larger body is never held
 * whole in memory. Returns the bytes, or null when the body is larger than `max` (the rest of
 * the stream is cancelled).
 */
export async function readCapped(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array(0);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) {
    await req.body.cancel().catch(() => undefined);
    return null;
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
