import { getDatabase } from "@/lib/db/connection";
import { checkReadiness, type Readiness } from "@/lib/ops/readiness";

// Readiness for load balancers: 200 only when the database answers and migrations are current;
// /api/health stays liveness (the process answers).
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  let result: Readiness;
  try {
    result = await checkReadiness((await getDatabase()).db);
  } catch {
    result = { ready: false, reason: "database unreachable" };
  }
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
