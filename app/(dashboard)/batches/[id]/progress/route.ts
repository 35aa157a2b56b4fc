import { authorize } from "@/lib/auth/authorize";
import { batchState } from "@/lib/batches/state";
import { refused } from "@/lib/dashboard/csv";

export const dynamic = "force-dynamic";

/**
 * GET /batches/<id>/progress?page=&filter=: the batch's status, counts and one page of rows, read
 * from the database (so any instance answers the same). The batch page polls it while work is
 * under way: a GET, so it never queues behind a click's server action.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  const state = await batchState(auth.ctx.environment, id, {
    page: Number(query.get("page") ?? "1"),
    filter: query.get("filter") ?? "all",
  });
  if (!state) return refused({ code: "not_found", message: "No such batch.", status: 404 });
  return Response.json(state, { headers: { "Cache-Control": "no-store" } });
}
