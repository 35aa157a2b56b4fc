import "server-only";
import { and, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { integer, boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { insertSql } from "./one-statement";
import { pageOfRows, type PageRequest } from "./rows";
import { TOTAL_CAP } from "@/lib/schemas/list";
import { CONSOLE_USER_AGENT_PREFIX } from "@/lib/schemas/request-log";
import { keyedEq, ownedBy, ownedByKeyed, type Scope } from "./scope";
import { indexOnlyCount } from "./owner-keys";
import { bytea } from "./schema/bytea";
import { ownerKey } from "./schema/owner-key";
import { packJsonAsync, unpackJson } from "./packed-json";

/** The request log (migration 0010). */
export const requestLogs = pgTable(
  "request_logs",
  {
    id: text("id").notNull(),
    accountId: uuid("account_id").notNull(),
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
    /** Rows written before migration 0025 only; later rows carry the packed columns. */
    requestBody: text("request_body"),
    responseBody: text("response_body"),
    /** The bodies as packed JSON text (packed-json.ts, migration 0025). */
    requestBodyPacked: bytea("request_body_packed"),
    responseBodyPacked: bytea("response_body_packed"),
    owner: ownerKey(),
    userAgent: text("user_agent"),
  },
  // Indexes: migration 0025 (on the owner key, ending in time).
);
type StoredRequestLogRow = typeof requestLogs.$inferSelect;
/** An entry as the API shows it: its bodies as text, however they are stored. */
export type RequestLogRow = Omit<StoredRequestLogRow, "requestBodyPacked" | "responseBodyPacked" | "owner">;

const BODY_COLUMNS = ["requestBody", "responseBody", "requestBodyPacked", "responseBodyPacked"] as const;

const packed = (body: string | null) => (body === null ? Promise.resolve(null) : packJsonAsync(body));

/** The row as the API reads it; a row read without its bodies (leaveOut) has them null. */
function unpacked(row: StoredRequestLogRow): RequestLogRow {
  const { requestBodyPacked, responseBodyPacked, owner: _owner, ...entry } = row;
  return {
    ...entry,
    requestBody: requestBodyPacked ? unpackJson(requestBodyPacked) : (entry.requestBody ?? null),
    responseBody: responseBodyPacked ? unpackJson(responseBodyPacked) : (entry.responseBody ?? null),
  };
}

/** One multi-row INSERT for a batch of entries, their bodies packed on libuv's pool first. */
export async function insertRequestLogs(db: Executor, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const stored: (typeof requestLogs.$inferInsert)[] = await Promise.all(
    rows.map(async (row) => ({
      ...row,
      requestBody: null,
      responseBody: null,
      requestBodyPacked: await packed(row.requestBody),
      responseBodyPacked: await packed(row.responseBody),
    })),
  );
  // A log batch lost to a crash is acceptable; the API's own writes stay durable.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(insertSql(requestLogs, stored));
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

/**
 * Leaves out calls whose User-Agent starts with `prefix`. The console's own prefix is written as
 * request_logs_others_idx's predicate is (migration 0027), with the pattern as a literal, so
 * that even a plan made once for every value (reusePlan) is proved to match the index.
 */
function notFrom(prefix: string): SQL {
  const pattern =
    prefix === CONSOLE_USER_AGENT_PREFIX
      ? sql.raw("'settlement-console/%'")
      : sql`${`${prefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`;
  return sql`(${requestLogs.userAgent} IS NULL OR ${requestLogs.userAgent} NOT LIKE ${pattern})`;
}

function where(scope: Scope, f: RequestLogFilter): SQL | undefined {
  const c: SQL[] = [ownedByKeyed(requestLogs, scope)];
  // The status class as the index has it (request_logs_status_class_idx): one range in the list's order.
  if (f.status) c.push(sql`(${requestLogs.status} / 100) = ${Number(f.status[0])}`);
  if (f.method) c.push(eq(requestLogs.method, f.method));
  if (f.path) {
    c.push(
      f.path.endsWith("*")
        ? like(requestLogs.path, `${f.path.slice(0, -1).replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
        : keyedEq(requestLogs.path, f.path),
    );
  }
  if (f.idempotencyKey) c.push(keyedEq(requestLogs.idempotencyKey, f.idempotencyKey));
  if (f.resourceId) c.push(keyedEq(requestLogs.resourceId, f.resourceId));
  if (f.userAgentNot) c.push(notFrom(f.userAgentNot));
  return and(...c);
}

/**
 * A count that reads one index alone (owner-keys.ts): by owner (request_logs_owner_idx), owner
 * and method (request_logs_method_idx), or the calls not the console's (request_logs_others_idx,
 * migration 0027); any other filter counts through the rows.
 */
function countFromIndex(db: Executor, scope: Scope, f: RequestLogFilter): Promise<SQL | undefined> {
  if (f.status || f.path || f.idempotencyKey || f.resourceId) return Promise.resolve(undefined);
  if (f.userAgentNot) {
    if (f.method || f.userAgentNot !== CONSOLE_USER_AGENT_PREFIX) return Promise.resolve(undefined);
    return indexOnlyCount(db, requestLogs, scope, notFrom(f.userAgentNot));
  }
  return indexOnlyCount(db, requestLogs, scope, f.method ? eq(requestLogs.method, f.method) : undefined);
}

export async function listRequestLogs(
  db: Executor,
  scope: Scope,
  filter: RequestLogFilter,
  page: PageRequest,
  options: { bodies: boolean } = { bodies: true },
): Promise<{ rows: RequestLogRow[]; total: number }> {
  const found = await pageOfRows(
    db,
    requestLogs,
    where(scope, filter),
    [desc(requestLogs.at), desc(requestLogs.id)],
    page,
    {
      countUpTo: TOTAL_CAP,
      countWhere: await countFromIndex(db, scope, filter),
      // Without their bodies, entries are read from the row alone: nothing from TOAST, nothing to inflate.
      leaveOut: options.bodies ? [] : BODY_COLUMNS,
      // One plan for every value suits only lists whose values all select alike (the owner's):
      // planned once for `status=4xx`, it would be planned for the common 2xx (D16.15).
      reusePlan: !(filter.status || filter.method || filter.path || filter.idempotencyKey || filter.resourceId),
    },
  );
  return { rows: found.rows.map(unpacked), total: found.total };
}

/** One entry by id, through request_logs_id_idx (hashtext(id), migration 0025). */
export async function findRequestLog(db: Executor, scope: Scope, id: string): Promise<RequestLogRow | null> {
  const [row] = await db
    .select()
    .from(requestLogs)
    .where(and(keyedEq(requestLogs.id, id), ownedBy(requestLogs, scope)))
    .limit(1);
  return row ? unpacked(row) : null;
}
