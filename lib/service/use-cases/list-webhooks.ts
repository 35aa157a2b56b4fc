import "server-only";
import type { Paginated, PaginationQuery } from "@/lib/schemas/list";
import type { Webhook } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { listWebhooks as listRows } from "../store/webhooks";
import { pageOf } from "./pagination";
import { toWebhook } from "./webhook-view";

/** GET /v0/webhooks: the caller's endpoints, newest first, without secrets. */
export async function listWebhooks(
  deps: ServiceDeps,
  caller: Caller,
  query: PaginationQuery,
): Promise<Paginated<Webhook>> {
  const { rows, total } = await listRows(deps.db, caller, { page: query.page, pageSize: query.page_size });
  return { data: rows.map((r) => toWebhook(r)), pagination: pageOf(query.page, query.page_size, total) };
}
