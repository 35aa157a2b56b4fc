import "server-only";
import { sql } from "drizzle-orm";
import type { SearchKind, SearchMatch } from "@/lib/schemas/search";
import { queryRows, type Executor } from "./db";
import type { Scope } from "./scope";

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
 * account number, IBAN or CLABE. Each branch uses an index or stays within the account's recent
 * requests. Exact id matches first, then newest first.
 */
export async function searchEverything(db: Executor, scope: Scope, q: string, limit: number): Promise<SearchRow[]> {
  const a = scope.accountId;
  const e = scope.environment;
  const lastFour = /^[0-9A-Za-z]{4}$/.test(q) ? q.toUpperCase() : null;
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
        SELECT 'event', id, 'id', type, NULL, created_at, data->>'id'
          FROM events WHERE id = ${q} AND account_id = ${a} AND environment = ${e}
        UNION ALL
        SELECT 'webhook', id, 'id', url, status, created_at, NULL
          FROM webhook_endpoints WHERE id = ${q} AND account_id = ${a} AND environment = ${e}
        UNION ALL
        SELECT 'settlement_request', id, 'account_last4', coalesce(external_id, ''), status, created_at, NULL
          FROM settlement_requests
         WHERE ${lastFour}::text IS NOT NULL AND account_id = ${a} AND environment = ${e}
           AND created_at > now() - ${sql.raw(`interval '${LAST_FOUR_DAYS} days'`)}
           AND upper(right(coalesce(destination->>'account_number', destination->>'iban', destination->>'clabe', ''), 4)) = ${lastFour}
      ) AS hits
      ORDER BY (match = 'id') DESC, (match = 'external_id') DESC, created_at DESC
      LIMIT ${limit}
    `,
  );
}
