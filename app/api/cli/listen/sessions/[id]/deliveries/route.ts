import { z } from "zod";
import { getDatabase } from "@/lib/db/connection";
import { authenticateCli, cliError } from "@/lib/listen/bearer";
import { noteForwarded } from "@/lib/listen/receiver";
import { recordDelivery } from "@/lib/listen/sessions";
import { readCapped } from "@/lib/http/read-capped";

/** A report is a few numbers and a verdict: anything longer is refused before it is parsed. */
const MAX_REPORT_BYTES = 4_096;

export const dynamic = "force-dynamic";

const reportSchema = z.object({
  seq: z.number().int().positive(),
  status: z.number().int().min(100).max(599).nullable(),
  duration_ms: z.number().int().min(0).max(600_000),
  verdict: z.string().trim().min(1).max(120),
});

/**
 * POST /api/cli/listen/sessions/<id>/deliveries: the CLI says how one forward went. The
 * session's counts and last verdict (the Inbox page) move, and the person's "forwarded up to"
 * mark: a CLI started again later resumes after it, so nothing is forwarded twice.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const auth = await authenticateCli(request, "inbox:manage", "cli.listen_report");
  if (!auth.ok) return cliError(auth.error);
  const { id } = await params;
  const raw = await readCapped(request, MAX_REPORT_BYTES);
  if (raw === null)
    return cliError({ status: 400, code: "invalid_body", message: `The body is over ${MAX_REPORT_BYTES} bytes.` });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    return cliError({ status: 400, code: "invalid_body", message: "The body must be JSON." });
  }
  const parsed = reportSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return cliError({
      status: 400,
      code: "invalid_body",
      message: `${issue.path.join(".") || "body"}: ${issue.message}`,
    });
  }
  const { db } = await getDatabase();
  if (
    !(await recordDelivery(db, id, auth.holder.userId, { status: parsed.data.status, verdict: parsed.data.verdict }))
  ) {
    return cliError({ status: 404, code: "not_found", message: "No such listening session." });
  }
  await noteForwarded(db, auth.holder.userId, parsed.data.seq);
  return new Response(null, { status: 204 });
}
