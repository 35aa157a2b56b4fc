import "server-only";
import { sql } from "drizzle-orm";
import type { SearchKind, SearchMatch } from "@/lib/schemas/search";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Scope } from "./scope";
import { MASKED_BANK_FIELDS } from "@/lib/schemas/bank-shapes";

/** A bank destination's last four, from whichever masked field its shape has (lib/schemas/bank-shapes.ts: constants, not input). */
const LAST_FOUR_OF_ACCOUNT = sql.raw(
  `upper(right(coalesce(${[...MASKED_BANK_FIELDS].map((f) => `destination->>'${f}'`).join(", ")}, ''), 4))`,
);

export type SearchRow = {
  kind: SearchKind;
  id: string;
  match: SearchMatch;
  title: string;
  status: string | null;
  created_at: Date | string;
  parent_id: string | null;
};

/** How far back "the last four characters of an account" looks (recent requests only). */
export const LAST_FOUR_DAYS = 90;

/**
 * Everything a pasted string can be, in one statement: an id of any resource, a settlement
 * request's external_id (exactly, then ignoring case: index on lower(external_id)), a /v1
 * payment's reference, a transaction hash, or the last four characters of a recent request's
 * account number, IBAN or CLABE, the start of an id as lists show it, or the start of an
 * external_id. Each branch uses an index or stays within the account's recent requests, and
 * the prefix branches are limited. Exact matches first, then newest first.
 */
export async function searchEverything(
  db: Executor,
  scope: Scope,
  q: string,
  limit: number,
  now: Date,
): Promise<SearchRow[]> {
  const a = scope.accountId;
  // "Recent" on the service's clock (the account's sandbox clock), the clock created_at was written on: not the database's.
  const recentSince = new Date(now.getTime() - LAST_FOUR_DAYS * 86_400_000);
  const e = scope.environment;
  const lastFour = /^[0-9A-Za-z]{4}$/.test(q) ? q.toUpperCase() : null;
  // The short id a list shows ("2cb19d01…"): the start of a uuid, 6 to 35 characters, "…" or "..." dropped.
  const idStart = /^([0-9a-f][0-9a-f-]{5,34})(?:…|\.\.\.)?$/i.exec(q)?.[1]?.toLowerCase() ?? null;
  const idEnd = idStart ? `${idStart}~` : null;
  // The start of an external_id (3 characters or more), LIKE-escaped; the index is text_pattern_ops (migration 0015).
  const externalStart = q.length >= 3 ? `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<SearchRow>(
    db,
    sql`
      SELECT * FROM (
        SELECT 'settlement_request' AS kind, id, 'id' AS match, coalesce(external_id, '') AS title, status, created_at, NULL AS parent_id
          FROM settlement_requests WHERE id = ${q} AND account_id = ${a} AND environment = ${e}
        UNION ALL
        SELECT 'settlement_request', id, CASE WHEN external_id = ${q} THEN 'external_id' ELSE 'external_id_ci' END, external_id, status, created_at, NULL
          FROM settlement_requests WHERE account_id = ${a} AND environment = ${e} AND lower(external_id) = lower(${q})
        UNION ALL
        SELECT 'payment', id, CASE WHEN id = ${q} THEN 'id' ELSE 'transaction_hash' END, amount::text || ' ' || currency, status, created_at,
               coalesce(settlement_request_id, disbursement_id)
          FROM payments WHERE account_id = ${a} AND environment = ${e} AND (id = ${q} OR transaction_hash = ${q})
        UNION ALL
        SELECT 'disbursement', id, CASE WHEN id = ${q} THEN 'id' ELSE 'transaction_hash' END, amount::text || ' ' || currency, status, created_at, NULL
          FROM disbursements WHERE account_id = ${a} AND environment = ${e} AND (id = ${q} OR transaction_hash = ${q})
        UNION ALL
        SELECT 'v1_payment', id, CASE WHEN id = ${q} THEN 'id' WHEN transaction_hash = ${q} THEN 'transaction_hash' ELSE 'external_id' END,
               reference_id, status, created_at, NULL
          FROM v1_payments WHERE account_id = ${a} AND environment = ${e} AND (id = ${q} OR reference_id = ${q} OR transaction_hash = ${q})
        UNION ALL
        SELECT 'event', id, 'id', type, NULL, created_at, coalesce(resource_id, data->>'id')
          FROM events WHERE id = ${q} AND account_id = ${a} AND environment = ${e}
        UNION ALL
        SELECT 'webhook', id, 'id', url, status, created_at, NULL
          FROM webhook_endpoints WHERE id = ${q} AND account_id = ${a} AND environment = ${e}
        UNION ALL
        SELECT 'settlement_request', id, 'account_last4', coalesce(external_id, ''), status, created_at, NULL
          FROM settlement_requests
         WHERE ${lastFour}::text IS NOT NULL AND account_id = ${a} AND environment = ${e}
           AND created_at > ${recentSince}
           AND ${LAST_FOUR_OF_ACCOUNT} = ${lastFour}
        UNION ALL
        SELECT * FROM (
          SELECT 'settlement_request', id, 'id_prefix', coalesce(external_id, ''), status, created_at, NULL
            FROM settlement_requests
           WHERE ${idStart}::text IS NOT NULL AND id >= ${idStart} AND id < ${idEnd} AND left(id, ${idStart?.length ?? 0}) = ${idStart} AND id <> ${q} AND account_id = ${a} AND environment = ${e}
          UNION ALL
          SELECT 'payment', id, 'id_prefix', amount::text || ' ' || currency, status, created_at, coalesce(settlement_request_id, disbursement_id)
            FROM payments
           WHERE ${idStart}::text IS NOT NULL AND id >= ${idStart} AND id < ${idEnd} AND left(id, ${idStart?.length ?? 0}) = ${idStart} AND id <> ${q} AND account_id = ${a} AND environment = ${e}
          UNION ALL
          SELECT 'disbursement', id, 'id_prefix', amount::text || ' ' || currency, status, created_at, NULL
            FROM disbursements
           WHERE ${idStart}::text IS NOT NULL AND id >= ${idStart} AND id < ${idEnd} AND left(id, ${idStart?.length ?? 0}) = ${idStart} AND id <> ${q} AND account_id = ${a} AND environment = ${e}
          LIMIT ${limit}
        ) AS by_id_start
        UNION ALL
        SELECT * FROM (
          SELECT 'settlement_request', id, 'external_id_prefix', external_id, status, created_at, NULL
            FROM settlement_requests
           WHERE ${externalStart}::text IS NOT NULL AND account_id = ${a} AND environment = ${e}
             AND lower(external_id) LIKE ${externalStart} AND lower(external_id) <> lower(${q})
           -- the first ones in the index's order: sorting every match by time would read them all
           LIMIT ${limit}
        ) AS by_external_start
      ) AS hits
      ORDER BY (match = 'id') DESC, (match = 'external_id') DESC, (match = 'external_id_ci') DESC, created_at DESC
      LIMIT ${limit}
    `,
  );
}
