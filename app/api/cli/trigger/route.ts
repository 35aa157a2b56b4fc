import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { getDatabase } from "@/lib/db/connection";
import { actorOf, authenticateCli, cliError } from "@/lib/listen/bearer";
import { runTrigger } from "@/lib/listen/trigger-flows";
import { readCapped } from "@/lib/http/read-capped";
import { isTriggerFlow, TRIGGER_FLOWS } from "@/lib/listen/trigger-names";

export const dynamic = "force-dynamic";

/**
 * POST /api/cli/trigger {"flow": "request.completed"}: runs a sandbox flow for `settlement-console
 * trigger` with the person's token (who must be allowed to simulate in sandbox); audited.
 */
export async function POST(request: Request) {
  const auth = await authenticateCli(request, "sandbox:simulate", "cli.trigger");
  if (!auth.ok) return cliError(auth.error);
  const raw = await readCapped(request, 1_024);
  let flow: unknown;
  try {
    if (raw === null) throw new Error("too large");
    flow = (JSON.parse(Buffer.from(raw).toString("utf8")) as { flow?: unknown }).flow;
  } catch {
    return cliError({
      status: 400,
      code: "invalid_body",
      message: 'The body must be JSON: {"flow": "request.completed"}.',
    });
  }
  if (typeof flow !== "string" || !isTriggerFlow(flow)) {
    return cliError({ status: 400, code: "invalid_flow", message: `flow: one of ${TRIGGER_FLOWS.join(", ")}.` });
  }
  const { db } = await getDatabase();
  const ran = await runTrigger(db, flow, { userId: auth.holder.userId });
  await recordAudit({
    actor: actorOf(auth.holder),
    action: "cli.trigger",
    environment: "sandbox",
    targetId: ran.ok ? ran.result.request_id : null,
    result: ran.ok ? "ok" : "api_error",
    detail: flow,
  });
  if (!ran.ok)
    return cliError({ status: 409, code: "flow_failed", message: `The sandbox refused a step: ${ran.error.message}` });
  return NextResponse.json(ran.result, { status: 201 });
}
