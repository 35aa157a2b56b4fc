import "server-only";
import { and, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { integer, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { insertSql } from "./one-statement";
import { findOwned, pageOfRows, type PageRequest } from "./rows";
import { TOTAL_CAP } from "@/lib/schemas/list";
import { ownedBy, type Scope } from "./scope";

/** The request log (migration 0010). */
export const requestLogs = pgTable(
  "request_logs",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Environment>().notNull(),
    requestId: text("request_id").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    query: text("query").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    idempotencyKey: text("idempotency_key"),
    idempotentReplayed: boolean("idempotent_replayed").notNull(),
    resourceId: text("resource_id"),
    requestBody: text("request_body"),
    responseBody: text("response_body"),
    userAgent: text("user_agent"),
  },
  (t) => [index("request_logs_owner_idx").on(t.accountId, t.environment, t.at)],
);
export type RequestLogRow = typeof requestLogs.$inferSelect;

/** One multi-row INSERT for a batch of entries. */
export async function insertRequestLogs(db: Executor, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  // A log batch lost to a crash is acceptable; the API's own writes stay durable.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(insertSql(requestLogs, rows));
  });
}

export interface RequestLogFilter {
  status?: "2xx" | "4xx" | "5xx";
  method?: string;
  path?: string;
  idempotencyKey?: string;
  resourceId?: string;
  /** Leaves out calls whose User-Agent starts with this (the console's own). */
  userAgentNot?: string;
}

function where(scope: Scope, f: RequestLogFilter): SQL | undefined {
  const c: SQL[] = [ownedBy(requestLogs, scope)];
  // The status class as the index has it (request_logs_status_class_idx): one range in the list's order.
  if (f.status) c.push(sql`(${requestLogs.status} / 100) = ${Number(f.status[0])}`);
  if (f.method) c.push(eq(requestLogs.method, f.method));
  if (f.path) {
    c.push(
      f.path.endsWith("*")
        ? like(requestLogs.path, `${f.path.slice(0, -1).replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
        : eq(requestLogs.path, f.path),
    );
  }
  if (f.idempotencyKey) c.push(eq(requestLogs.idempotencyKey, f.idempotencyKey));
  if (f.resourceId) c.push(eq(requestLogs.resourceId, f.resourceId));
  if (f.userAgentNot) {
    const prefix = `${f.userAgentNot.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(${requestLogs.userAgent} IS NULL OR ${requestLogs.userAgent} NOT LIKE ${prefix})`);
  }
  return and(...c);
}

export function listRequestLogs(
  db: Executor,
  scope: Scope,
  filter: RequestLogFilter,
  page: PageRequest,
): Promise<{ rows: RequestLogRow[]; total: number }> {
  return pageOfRows(db, requestLogs, where(scope, filter), [desc(requestLogs.at), desc(requestLogs.id)], page, {
    countUpTo: TOTAL_CAP,
  });
}

export function findRequestLog(db: Executor, scope: Scope, id: string): Promise<RequestLogRow | null> {
  return findOwned(db, requestLogs, scope, id);
}
