import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { redact } from "./redact";
import { consoleAudit } from "./schema";
import type { Actor } from "./session";
import { safeError } from "@/lib/observability/safe-error";
import { leafOf, type AuditFields } from "@/lib/audit-log/store";

export type AuditEntry = {
  /** Who; null when nobody was signed in. `email` stands in for a failed sign-in's address. */
  actor: Pick<Actor, "userId" | "email" | "role"> | null;
  email?: string;
  action: string;
  targetId?: string | null;
  environment?: Environment | null;
  /** "ok" or an error code. */
  result: "ok" | (string & {});
  detail?: string | null;
  at?: Date;
  /** Rows with the same key in the same hour are one row that counts its repeats. */
  rollUp?: string;
};

const code = (value: string) => (/^[a-z0-9_:.-]{1,64}$/i.test(value) ? value : "error");

/**
 * Writes one row (or counts one more repeat on its roll-up row), and appends it to the
 * verifiable log (lib/audit-log, issue 47) in the same statement: the row, its place in the log
 * and its leaf land together or not at all. A repeat of a roll-up row adds nothing to the log;
 * the row's first occurrence is its entry. Every text is sanitized here, whoever the caller.
 */
export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  const at = entry.at ?? new Date();
  const id = entry.rollUp
    ? `rollup:${createHash("sha256")
        .update(`${entry.rollUp}|${entry.action}|${entry.result}|${at.toISOString().slice(0, 13)}`)
        .digest("hex")
        .slice(0, 32)}`
    : randomUUID();
  const row: AuditFields = {
    id,
    at,
    userId: entry.actor?.userId ?? null,
    userEmail: entry.actor?.email ?? (entry.email ? redact(entry.email.toLowerCase(), 254, { ids: true }) : null),
    role: entry.actor?.role ?? null,
    action: code(entry.action),
    targetId: entry.targetId ? redact(entry.targetId, 128, { ids: true }) : null,
    environment: entry.environment ?? null,
    result: code(entry.result),
    detail: entry.detail ? redact(entry.detail) : null,
  };
  const { text, leafHex } = leafOf(row);
  await db.execute(
    sql`with a as (
          insert into console_audit (id, at, user_id, user_email, role, action, target_id, environment, result, detail)
          values (${row.id}, ${row.at}, ${row.userId}, ${row.userEmail}, ${row.role}, ${row.action}, ${row.targetId},
                  ${row.environment}, ${row.result}, ${row.detail})
          on conflict (id) do update set repeats = console_audit.repeats + 1, at = excluded.at
          returning (xmax = 0) as inserted),
        h as (update console_audit_head set size = size + 1
              where id = 1 and exists (select 1 from a where inserted) returning size - 1 as seq)
        insert into console_audit_log (seq, audit_id, at_ms, entry, leaf_hash)
        select h.seq, ${row.id}, ${row.at.getTime()}, ${text}, decode(${leafHex}, 'hex') from h`,
  );
}

/**
 * Audit retention (housekeeping): rows older than `days` go. Past `maxRows`, only sign-in noise
 * (refused and failed sign-ins, already rolled up per email, address and hour) is cut, oldest
 * first: a flood of refusals can never push an approval, a key or a role change out of the trail
 * before its retention ends (issue 42). The cutoff is read from the noise rows' own index,
 * `maxRows` entries in: bounded by the cap, not by the history.
 */
export async function pruneAudit(db: Executor, days: number, maxRows: number): Promise<void> {
  await db.execute(sql`delete from console_audit where at < now() - make_interval(days => ${days})`);
  await db.execute(
    // (at, id): rows written in the same instant are told apart, so exactly `maxRows` stay.
    sql`delete from console_audit where ${SIGN_IN_NOISE} and (at, id) <= (
          select at, id from console_audit where ${SIGN_IN_NOISE} order by at desc, id desc offset ${maxRows} limit 1)`,
  );
}

/** Rows of the trail that are sign-in noise (the partial index console_audit_noise_at_idx has the same condition). */
const SIGN_IN_NOISE = sql`action = 'signIn' and result <> 'ok'`;

/**
 * Records an action in the audit trail. The action has already happened, so a failure to write
 * is logged loudly rather than thrown at the person.
 */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    const { db } = await getDatabase();
    await insertAudit(db, entry);
  } catch (error) {
    console.error(`[audit] could not record ${entry.action} (${entry.result}):`, safeError(error));
  }
}

export type AuditFilter = {
  userId?: string;
  action?: string;
  result?: "ok" | "error";
  environment?: Environment;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
  /** Keyset paging: rows strictly older than this. */
  before?: { at: Date; id: string };
  limit?: number;
};

export type AuditRow = typeof consoleAudit.$inferSelect;

/** Newest first; `limit + 1` rows are read so the caller knows whether there is more. */
export async function listAudit(db: Executor, filter: AuditFilter = {}): Promise<{ rows: AuditRow[]; more: boolean }> {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
  const conditions: (SQL | undefined)[] = [
    filter.userId ? eq(consoleAudit.userId, filter.userId) : undefined,
    filter.action ? eq(consoleAudit.action, filter.action) : undefined,
    filter.result === "ok"
      ? eq(consoleAudit.result, "ok")
      : filter.result === "error"
        ? ne(consoleAudit.result, "ok")
        : undefined,
    filter.environment ? eq(consoleAudit.environment, filter.environment) : undefined,
    filter.from ? gte(consoleAudit.at, filter.from) : undefined,
    filter.to ? lt(consoleAudit.at, filter.to) : undefined,
    filter.before
      ? sql`(${consoleAudit.at}, ${consoleAudit.id}) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id})`
      : undefined,
  ];
  const where = conditions.filter((c): c is SQL => c !== undefined);
  const rows = await db
    .select()
    .from(consoleAudit)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(consoleAudit.at), desc(consoleAudit.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The distinct actions and people in the trail, for the filter selects. */
export async function auditFacets(
  db: Executor,
): Promise<{ actions: string[]; users: { userId: string; email: string }[] }> {
  const actions = await db
    .selectDistinct({ action: consoleAudit.action })
    .from(consoleAudit)
    .orderBy(consoleAudit.action);
  const users = await db
    .selectDistinct({ userId: consoleAudit.userId, email: consoleAudit.userEmail })
    .from(consoleAudit)
    .where(sql`${consoleAudit.userId} IS NOT NULL`)
    .orderBy(consoleAudit.userEmail);
  return {
    actions: actions.map((a) => a.action),
    users: users.flatMap((u) => (u.userId ? [{ userId: u.userId, email: u.email ?? u.userId }] : [])),
  };
}
