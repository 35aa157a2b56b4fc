import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { searchResultSchema } from "@/lib/schemas/search";
import { callApi } from "./client";

/** GET /v0/search (extension): what a pasted id, external_id, hash or last four is. */
export function search(env: Environment, q: string) {
  return callApi(env, { method: "GET", path: "/v0/search", query: { q }, schema: searchResultSchema });
}
