import { getDatabase } from "@/lib/db/connection";
import { checkReadiness, type Readiness } from "@/lib/instance/readiness";
import { isDraining } from "@/lib/instance/shutdown";

// Readiness for load balancers: 200 only when the database answers and migrations are current,
// 503 while shutting down; /api/health stays liveness (the process answers).
export const dynamic = "force-dynamic";

async function readiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: "shutting down" };
  try {
    return await checkReadiness((await getDatabase()).db);
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}

export async function GET(): Promise<Response> {
  const result = await readiness();
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
