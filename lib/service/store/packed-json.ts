import { promisify } from "node:util";
import { deflateRaw, deflateRawSync, inflateRawSync, constants } from "node:zlib";
import { DICTIONARY_V1 } from "./packed-json-dictionary";

/**
 * JSON text packed for storage (issue 29, decision D11.8): the request log's bodies and the
 * events' data. PostgreSQL compresses a value only once its row passes ~2 KB, so the typical
 * 0.5–2 KB body stayed as it was; deflate with a preset dictionary of the API's vocabulary
 * brings a settlement request from ~1.4 KB to ~0.35 KB. The first byte names the format, so a
 * later dictionary can be a format 2 while format 1 stays readable.
 */
const FORMAT_V1 = 1;
const dictionary = Buffer.from(DICTIONARY_V1, "utf8");
const options = { dictionary, level: 6, memLevel: 8, strategy: constants.Z_DEFAULT_STRATEGY };
const deflateAsync = promisify(deflateRaw);

const framed = (packed: Buffer) => Buffer.concat([Buffer.of(FORMAT_V1), packed]);

/** Packs on the calling thread: for a write inside a request (an event, ~15 µs). */
export function packJson(text: string): Buffer {
  return framed(deflateRawSync(Buffer.from(text, "utf8"), options));
}

/** Packs on libuv's pool: for batches off the request's path (the request log's writer). */
export async function packJsonAsync(text: string): Promise<Buffer> {
  return framed(await deflateAsync(Buffer.from(text, "utf8"), options));
}

/** The JSON text back. Accepts what either driver returns for bytea (Buffer, Uint8Array, or PGlite's hex text). */
export function unpackJson(stored: Uint8Array | string): string {
  const bytes =
    typeof stored === "string"
      ? Buffer.from(stored.startsWith("\\x") ? stored.slice(2) : stored, "hex")
      : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] !== FORMAT_V1) throw new Error(`packed JSON of unknown format ${bytes[0]}`);
  return inflateRawSync(bytes.subarray(1), { dictionary }).toString("utf8");
}
