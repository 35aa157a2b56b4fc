import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { scrape } from "@/lib/instance/metrics-collectors";

// Prometheus metrics of this instance. Off (404) unless METRICS_TOKEN is set; then only with
// `Authorization: Bearer <METRICS_TOKEN>`.
export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found\n", { status: 404 });

function tokenMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function GET(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) return notFound();
  if (!tokenMatches(request.headers.get("authorization"), token)) {
    return new Response("Unauthorized\n", { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  const { text, contentType } = await scrape();
  return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
