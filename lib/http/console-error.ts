/**
 * The one JSON error body of every console route (issue 45): `{"error": {"code", "message",
 * "details"?}}`, never cached. Server actions answer the same `{code, message}` inside their
 * result (lib/dashboard/action-result.ts); the settlement API keeps its own envelope (decisions D2.1).
 */
export function consoleError(status: number, code: string, message: string, details?: string[]): Response {
  return Response.json(
    { error: { code, message, ...(details && details.length > 0 ? { details } : {}) } },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}
