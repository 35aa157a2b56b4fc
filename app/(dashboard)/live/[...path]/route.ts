import { liveRead } from "@/lib/page-data/live-reads";

export const dynamic = "force-dynamic";

/**
 * GET /live/<resource>/<id>[/<part>]: the reads detail screens repeat while a status moves, as a
 * GET (decisions D12.16). Next runs a page's server actions one after another, so a poll sent as
 * an action could hold a click's mutation behind it; a GET never does. Each path runs the very
 * read action a page would call (its authorization included) and answers its ActionResult.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const result = await liveRead((await params).path);
  const status = result.ok ? 200 : (result.error.status ?? (result.error.code === "not_found" ? 404 : 400));
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
