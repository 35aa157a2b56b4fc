import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { Paginated, PaginationQuery } from "@/lib/schemas/list";
import type { Webhook } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { webhookEndpoints } from "../store/schema";
import { pageOf, toWebhook } from "./webhook-records";

/** GET /v0/webhooks: the caller's endpoints, newest first, without secrets. */
export async function listWebhooks(deps: ServiceDeps, caller: Caller, query: PaginationQuery): Promise<Paginated<Webhook>> {
  const mine = and(eq(webhookEndpoints.accountId, caller.accountId), eq(webhookEndpoints.environment, caller.environment));
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(webhookEndpoints)
      .where(mine)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ total: count() }).from(webhookEndpoints).where(mine),
  ]);
  return { data: rows.map((r) => toWebhook(r)), pagination: pageOf(query.page, query.page_size, Number(total)) };
}
