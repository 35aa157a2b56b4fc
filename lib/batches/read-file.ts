import { createHash } from "node:crypto";
import { CsvParser, type CsvResult } from "@/lib/csv/parse";

/** A batch file: at most 1,000 rows and 1 MiB (decisions D20.2). */
export const MAX_BATCH_ROWS = 1_000;
export const MAX_BATCH_BYTES = 1024 * 1024;

export type ReadFile =
  | { ok: true; bytes: Uint8Array; sha256: string; csv: Extract<CsvResult, { ok: true }> }
  | { ok: false; status: 400 | 413 | 422; code: string; message: string };

/**
 * Reads an uploaded file as it streams: each chunk is decoded (UTF-8, strictly) and fed to the
 * CSV reader, and the bytes are kept for the receipt. Stops at MAX_BATCH_BYTES (413) or past
 * MAX_BATCH_ROWS rows (422) without reading the rest.
 */
export async function readBatchFile(
  body: ReadableStream<Uint8Array> | null,
  maxBytes = MAX_BATCH_BYTES,
  maxRows = MAX_BATCH_ROWS,
): Promise<ReadFile> {
  if (!body)
    return {
      ok: false,
      status: 400,
      code: "empty_file",
      message: "The file is empty: it needs a header line and at least one row.",
    };
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const parser = new CsvParser({ maxRecords: maxRows });
  const hash = createHash("sha256");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return {
          ok: false,
          status: 413,
          code: "file_too_large",
          message: `The file is larger than ${maxBytes / 1024 / 1024} MiB: split it into several batches.`,
        };
      }
      chunks.push(value);
      hash.update(value);
      parser.push(decoder.decode(value, { stream: true }));
      if (parser.full) {
        await reader.cancel().catch(() => undefined);
        return {
          ok: false,
          status: 422,
          code: "too_many_rows",
          message: `The file has more than ${maxRows} rows: split it into several batches.`,
        };
      }
    }
    parser.push(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError)
      return {
        ok: false,
        status: 422,
        code: "not_utf8",
        message: "The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again.",
      };
    throw error;
  }
  const csv = parser.end();
  if (!csv.ok) return { ok: false, status: 422, code: "bad_csv", message: csv.problem.message };
  if (csv.records.length === 0)
    return { ok: false, status: 422, code: "no_rows", message: "The file has a header line but no rows." };
  return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks)), sha256: hash.digest("hex"), csv };
}
