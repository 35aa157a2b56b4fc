import "server-only";
import { authorize } from "@/lib/auth/authorize";
import { recordAudit } from "@/lib/auth/audit";
import { getDatabase } from "@/lib/db/connection";
import { consoleError } from "@/lib/http/console-error";
import { fromSameOrigin } from "@/lib/http/same-origin";
import { readBatchFile } from "./read-file";
import { insertBatch } from "./store";
import { BATCH_KINDS, headerProblems, type BatchKind } from "./templates";

const json = consoleError;

/** The permission a batch of `kind` needs: the one its rows' form needs. */
export const batchPermission = (kind: BatchKind) =>
  kind === "disbursement" ? ("disbursement:create" as const) : ("settlement:create" as const);

/**
 * A new batch from an uploaded file (decisions D20.2): from the console's own page only, by a
 * person who may create what its rows create, in the environment the page showed. The file is
 * read as it streams (1 MiB, 1,000 rows), its header checked, every row checked and stored with
 * the file's bytes as they came. Nothing is sent: the batch waits in review.
 */
export async function uploadBatch(request: Request): Promise<Response> {
  if (!fromSameOrigin(request)) return json(403, "cross_origin", "Upload from the console's Batches page.");
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") ?? "";
  if (!(BATCH_KINDS as readonly string[]).includes(kind))
    return json(400, "invalid_input", `kind: must be one of ${BATCH_KINDS.join(", ")}`, ["kind"]);
  const batchKind = kind as BatchKind;
  const auth = await authorize({ name: "uploadBatch", permission: batchPermission(batchKind), kind: "console" });
  if (!auth.ok) return json(auth.error.status ?? 403, auth.error.code, auth.error.message);
  const { environment, actor } = auth.ctx;
  if (request.headers.get("x-console-environment") !== environment) {
    return json(
      409,
      "environment_mismatch",
      `The console is now pointed at ${environment}; reload the page before uploading.`,
    );
  }
  const fileName =
    (url.searchParams.get("name") ?? "")
      .trim()
      .replace(/[\\/\u0000-\u001f]/g, "_")
      .slice(0, 200) || "batch.csv";
  const audit = (result: string, targetId: string | null = null, detail?: string) =>
    recordAudit({ actor, action: "uploadBatch", environment, targetId, result, detail });

  const file = await readBatchFile(request.body);
  if (!file.ok) {
    await audit(file.code, null, fileName);
    return json(file.status, file.code, file.message);
  }
  const problems = headerProblems(batchKind, file.csv.header);
  if (problems.length > 0) {
    await audit("bad_header", null, fileName);
    return json(
      422,
      "bad_header",
      `The header line does not fit this kind of batch: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}.`,
      problems,
    );
  }
  const { db } = await getDatabase();
  const id = await insertBatch(db, {
    environment,
    kind: batchKind,
    fileName,
    bytes: file.bytes,
    sha256: file.sha256,
    separator: file.csv.separator,
    header: file.csv.header,
    records: file.csv.records,
    createdBy: actor.userId,
    createdByEmail: actor.email,
  });
  await audit(
    "ok",
    id,
    `${fileName}: ${file.csv.records.length} rows, ${file.bytes.byteLength} bytes, sha256 ${file.sha256}`,
  );
  return Response.json(
    { id, rows: file.csv.records.length },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
