import "server-only";
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { reportBackgroundFailure } from "@/lib/db/availability";
import { getDatabase } from "@/lib/db/connection";
import { queryRows, type Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/http/url-guard";
import { makeCheckpoint } from "./store";

const EVERY_MS = 30_000;
const holder = globalThis as typeof globalThis & { __auditCheckpoints?: NodeJS.Timeout };

/**
 * Every 30 s on each instance (lib/instance/jobs.ts): a checkpoint when AUDIT_CHECKPOINT_EVERY
 * entries were written or AUDIT_CHECKPOINT_MINUTES passed since the last (one instance signs,
 * under an advisory lock), then each checkpoint not yet witnessed is pushed to AUDIT_WITNESS_URL.
 */
export function startAuditCheckpoints(): void {
  if (holder.__auditCheckpoints) return;
  const run = async () => {
    try {
      const { db } = await getDatabase();
      await makeCheckpoint(db);
      await pushToWitness(db);
    } catch (error) {
      reportBackgroundFailure("[console] audit checkpoints", error, (e) => (e as Error).message);
    }
  };
  holder.__auditCheckpoints = setInterval(run, EVERY_MS);
  holder.__auditCheckpoints.unref();
  void run();
}

export async function stopAuditCheckpoints(): Promise<void> {
  clearInterval(holder.__auditCheckpoints);
  holder.__auditCheckpoints = undefined;
}

/**
 * The witness (issue 47, decisions D22.4): each checkpoint POSTed as its signed note (text/plain)
 * to a URL the customer holds, so the operator cannot rewrite history unseen. With
 * AUDIT_WITNESS_SECRET the request also carries `X-Audit-Signature: t=<unix>,v1=<HMAC-SHA256 of
 * "t.body">`, as the service signs webhooks. The URL is checked as a webhook endpoint's is (no
 * private addresses; loopback only on a local console). Oldest first; a failure is kept on the
 * checkpoint and tried again next pass.
 */
export async function pushToWitness(db: Executor, fetcher: typeof fetch = fetch): Promise<number> {
  const url = process.env.AUDIT_WITNESS_URL?.trim();
  if (!url) return 0;
  const local = !(env().AUTH_URL ?? "").startsWith("https:");
  const problem = await webhookUrlProblem(url, local ? "public-or-loopback" : "public").catch(
    (e: unknown) => `cannot be resolved: ${(e as Error).message}`,
  );
  const pending = await queryRows<{ size: string; note: string }>(
    db,
    sql`select size, note from console_audit_checkpoints where witnessed_at is null order by size limit 20`,
  );
  let pushed = 0;
  for (const c of pending) {
    let error: string | null = problem ? `AUDIT_WITNESS_URL ${problem}` : null;
    if (!error) {
      const t = Math.floor(Date.now() / 1000);
      const secret = process.env.AUDIT_WITNESS_SECRET;
      const headers: Record<string, string> = {
        "Content-Type": "text/plain; charset=utf-8",
        "X-Audit-Checkpoint-Size": c.size,
      };
      if (secret)
        headers["X-Audit-Signature"] =
          `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${c.note}`).digest("hex")}`;
      try {
        const res = await fetcher(url, {
          method: "POST",
          headers,
          body: c.note,
          signal: AbortSignal.timeout(10_000),
          redirect: "manual",
        });
        if (!res.ok) error = `the witness answered ${res.status}`;
      } catch (e) {
        error = `the witness could not be reached: ${(e as Error).message}`;
      }
    }
    await db.execute(
      error
        ? sql`update console_audit_checkpoints set witness_error = ${error} where size = ${Number(c.size)}`
        : sql`update console_audit_checkpoints set witnessed_at = now(), witness_error = null where size = ${Number(c.size)}`,
    );
    if (error) break;
    pushed++;
  }
  return pushed;
}

/**
 * Retention (housekeeping): an entry older than AUDIT_RETENTION_DAYS loses its text, never its
 * leaf hash, and only behind a signed checkpoint: the tree, every proof and every checkpoint stay
 * whole, so what is left still verifies and the dropped range is still proved to have been there.
 */
export async function pruneAuditLog(db: Executor): Promise<void> {
  const cut = Date.now() - env().AUDIT_RETENTION_DAYS * 86_400_000;
  await db.execute(
    sql`update console_audit_log set entry = null
        where at_ms < ${cut} and entry is not null
          and seq < coalesce((select max(size) from console_audit_checkpoints), 0)`,
  );
}
