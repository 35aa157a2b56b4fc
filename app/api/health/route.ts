// Liveness for load balancers and scripts; also Next's own trivial route in bench/service.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}
