import "server-only";
import { SEARCH_MAX_RESULTS, type SearchQuery, type SearchResult } from "@/lib/schemas/search";
import type { Caller, ServiceDeps } from "../context";
import { searchEverything } from "../store/search";

/** GET /v0/search (extension, decision D17.5): what a pasted string is, within the caller's account and environment. */
export async function search(deps: ServiceDeps, caller: Caller, query: SearchQuery): Promise<SearchResult> {
  const rows = await searchEverything(deps.db, caller, query.q, SEARCH_MAX_RESULTS, deps.clock.now());
  return {
    query: query.q,
    data: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      match: r.match,
      title: r.title,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
      parent_id: r.parent_id,
    })),
  };
}
