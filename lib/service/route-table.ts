import "server-only";
type Compiled = { method: string; path: string; pattern: RegExp };

/** Which paths and methods the app serves: tells 404 from 405, and lets auth skip unknown paths. */
export function createRouteTable(app: { routes: ReadonlyArray<{ method: string; path: string }> }) {
  let compiled: Compiled[] | undefined;
  const table = (): Compiled[] =>
    (compiled ??= app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({
        method: r.method,
        path: r.path,
        pattern: new RegExp(
          `^${r.path
            .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
            .replace(/:[A-Za-z_]\w*/g, "[^/]+")
            .replace(/\*/g, ".*")}/?$`,
        ),
      })));
  return {
    match(method: string, path: string): "ok" | "method_not_allowed" | "not_found" {
      const hits = table().filter((r) => r.pattern.test(path));
      if (hits.length === 0) return "not_found";
      const m = method === "HEAD" ? "GET" : method;
      return hits.some((r) => r.method === m) ? "ok" : "method_not_allowed";
    },
    /** The name of the path parameter at segment `index` of `path` ("id"), if a route has one there. */
    paramAt(path: string, index: number): string | undefined {
      for (const r of table()) {
        if (!r.pattern.test(path)) continue;
        const segment = r.path.split("/")[index];
        if (segment?.startsWith(":")) return segment.slice(1);
      }
      return undefined;
    },
    /** The pattern of the route serving `method path` ("/v0/settlement-requests/:id"), or "unmatched": a metric label. */
    routeOf(method: string, path: string): string {
      const m = method === "HEAD" ? "GET" : method;
      return table().find((r) => r.method === m && r.pattern.test(path))?.path ?? "unmatched";
    },
    allowed(path: string): string[] {
      return [
        ...new Set(
          table()
            .filter((r) => r.pattern.test(path))
            .map((r) => r.method),
        ),
      ];
    },
  };
}
