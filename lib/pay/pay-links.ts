import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { countInWindow } from "@/lib/db/rate-window";
import { getDatabase } from "@/lib/db/connection";
import type { SettlementRequest } from "@/lib/schemas";
import { queryRows } from "@/lib/db/database";
import type { Executor } from "@/lib/db/database";
import { getSettlementRequest } from "@/lib/settlement-api";
import type { InstructionsLink } from "./instructions-link";

/**
 * What a payer's link (`/pay/<token>`) costs the console (docs/decisions/ D17.4, D13.10). The
 * page is served from a snapshot of the request the console already read, shared by every
 * instance (console_pay_link_snapshots): while the request waits for funds the snapshot is read
 * again at most every SNAPSHOT_SECONDS; once the request has left REQUEST_STARTED it never is
 * (a final answer does not change). So viewing a link spends the console's API budget at most
 * once per state change or refresh period, however often it is opened. Each link and each
 * address has its own limit too, counted in the database (console_rate_windows).
 */
export const SNAPSHOT_SECONDS = 30;
export const VIEW_LIMITS = { perLink: 120, perAddress: 60, windowSeconds: 60 } as const;

type Snapshot = { status: string; body: SettlementRequest; fresh: boolean };

/** The request behind a link, from the snapshot when it is fresh enough, else from the API (once, whoever asks first). */
export async function requestForLink(
  link: InstructionsLink,
): Promise<{ ok: true; request: SettlementRequest } | { ok: false }> {
  const { db } = await getDatabase();
  const [snapshot] = await queryRows<Snapshot>(
    db,
    sql`select status, body, (status <> 'REQUEST_STARTED' or fetched_at > now() - make_interval(secs => ${SNAPSHOT_SECONDS})) as fresh
        from console_pay_link_snapshots where environment = ${link.environment} and request_id = ${link.requestId}`,
  );
  if (snapshot?.fresh) return { ok: true, request: snapshot.body };
  // Claim the refresh: the one viewer whose update moves fetched_at asks the API; the others keep the snapshot.
  if (snapshot) {
    const claimed = await queryRows<{ ok: number }>(
      db,
      sql`update console_pay_link_snapshots set fetched_at = now()
          where environment = ${link.environment} and request_id = ${link.requestId}
            and fetched_at <= now() - make_interval(secs => ${SNAPSHOT_SECONDS}) returning 1 as ok`,
    );
    if (claimed.length === 0) return { ok: true, request: snapshot.body };
  }
  const found = await getSettlementRequest(link.environment, link.requestId);
  if (!found.ok) return snapshot ? { ok: true, request: snapshot.body } : { ok: false };
  await db.execute(sql`
    insert into console_pay_link_snapshots (environment, request_id, status, body, fetched_at)
    values (${link.environment}, ${link.requestId}, ${found.data.status}, ${JSON.stringify(found.data)}::jsonb, now())
    on conflict (environment, request_id) do update set status = excluded.status, body = excluded.body, fetched_at = excluded.fetched_at`);
  return { ok: true, request: found.data };
}

/** Whether links of this request made at `issuedAt` were revoked by an administrator. */
export async function isRevoked(link: InstructionsLink): Promise<boolean> {
  const { db } = await getDatabase();
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from console_pay_link_revocations
        where environment = ${link.environment} and request_id = ${link.requestId} and revoked_before >= ${link.issuedAt.toISOString()}::timestamptz`,
  );
  return rows.length > 0;
}

/** Revokes every link of a request made until now; links made afterwards work again. */
export async function revokeLinks(db: Executor, environment: string, requestId: string, by: string): Promise<void> {
  await db.execute(sql`
    insert into console_pay_link_revocations (environment, request_id, revoked_before, revoked_by)
    values (${environment}, ${requestId}, now(), ${by})
    on conflict (environment, request_id) do update set revoked_before = now(), revoked_by = excluded.revoked_by`);
}

/**
 * One view counted against its link and its address, in one statement per key: false once
 * either is over its limit in the current minute.
 */
export async function countView(token: string, address: string | null): Promise<boolean> {
  const { db } = await getDatabase();
  const linkKey = `pay-link:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
  const checks: Array<[string, number]> = [[linkKey, VIEW_LIMITS.perLink]];
  if (address) checks.push([`pay-address:${address}`, VIEW_LIMITS.perAddress]);
  for (const [key, max] of checks) {
    if ((await countInWindow(db, key, VIEW_LIMITS.windowSeconds)) > max) return false;
  }
  return true;
}

/** Housekeeping: snapshots of requests long over and rate windows long ended. */
export async function pruneLinkState(db: Executor): Promise<void> {
  await db.execute(sql`delete from console_pay_link_snapshots where fetched_at < now() - interval '3 days'`);
  await db.execute(sql`delete from console_rate_windows where window_started_at < now() - interval '1 hour'`);
}

/**
 * A move the console itself made (a client move, a sandbox simulation) is a state change it
 * knows of: the payer's page reads the request again at its next view instead of after the
 * refresh period.
 */
export async function forgetLinkSnapshot(environment: string, requestId: string | null | undefined): Promise<void> {
  if (!requestId) return;
  const { db } = await getDatabase();
  await db.execute(
    sql`delete from console_pay_link_snapshots where environment = ${environment} and request_id = ${requestId}`,
  );
}

/** A console move's answer, passed on after the snapshot of the request it moved is forgotten (when it went through). */
export async function afterMove<T extends { ok: boolean }>(
  environment: string,
  result: T,
  requestId: (result: T) => string | null | undefined,
): Promise<T> {
  if (result.ok) await forgetLinkSnapshot(environment, requestId(result)).catch(() => undefined);
  return result;
}
