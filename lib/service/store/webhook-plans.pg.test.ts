/**
 * The plans of the webhook operations' statements (issue 63), on 100 k deliveries and 100 k events
 * of one endpoint on the machine's PostgreSQL, as the code builds them (an executor that explains
 * each statement instead of running it): the claim with a rated endpoint, a replay's count and
 * its start, the missed events of a range (the owner key's index) and the health moves. None may read more because an endpoint has more history.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type Executor, queryRows } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";
import { freshPostgres } from "../testing/harness";
import { ensureAccount } from "./api-keys";
import { claimDueDeliveries } from "./webhook-deliveries";
import { disableFailing, noteOutcomes, warnFailing } from "./webhook-health";
import { eventsOfTypesBetween } from "./events";
import { replayCountStatement, startReplay, type ReplayRange } from "./webhooks";

/** An executor that, for each statement, records its plan and answers no rows. */
function explaining(db: Db, plans: string[]): Executor {
  const fake = {
    execute: async (statement: SQL) => {
      try {
        const rows = await queryRows<{ "QUERY PLAN": string }>(db, sql`explain ${statement}`);
        plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
      } catch {
        // SET LOCAL and the like have no plan.
      }
      return { rows: [] };
    },
    transaction: async (work: (tx: unknown) => Promise<unknown>) => work(fake),
  };
  return fake as unknown as Executor;
}

async function plansOf(db: Db, work: (fake: Executor) => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  await work(explaining(db, plans)).catch(() => undefined); // drizzle builders past the first statement
  return plans;
}

describe("webhook operation plans on 100 k rows (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let range: ReplayRange;
  const webhookId = "wh_plans";
  beforeAll(async () => {
    database = await freshPostgres();
    await migrate(database.db);
    const db = database.db;
    const account = await ensureAccount(db, "plans");
    await db.execute(sql`insert into webhook_endpoints (id, account_id, environment, url, events, secret, status,
        max_per_second, created_at, updated_at)
      select case when g = 0 then ${webhookId} else 'wh_other_' || g end, ${account.id}, 'sandbox',
             'http://127.0.0.1:9/h', '{payment.created}', 'x', 'ACTIVE', case when g = 0 then 50 end,
             timestamptz '2026-01-01', timestamptz '2026-01-01'
      from generate_series(0, 200) g`);
    await db.execute(sql`insert into webhook_endpoint_pacing (webhook_id, next_send_at)
      select id, now() from webhook_endpoints`);
    await db.execute(sql`insert into events (id, account_id, environment, type, created_at, resource_id)
      select 'evt_' || g, ${account.id}, 'sandbox', 'payment.created',
             timestamptz '2026-01-01' + g * interval '1 minute', 'pay_' || g
      from generate_series(1, 100000) g`);
    await db.execute(sql`insert into webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count,
        next_attempt_at, created_at, updated_at)
      select 'del_' || g, case when g % 10 = 0 then 'wh_other_' || (g % 200 + 1) else ${webhookId} end, 'evt_' || g,
             'payment.created', case when g % 50 = 0 then 'PENDING' when g % 7 = 0 then 'FAILED' else 'SUCCEEDED' end, 1,
             case when g % 50 = 0 then timestamptz '2026-01-01' + g * interval '1 minute' end,
             timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01'
      from generate_series(1, 100000) g`);
    for (const table of ["webhook_endpoints", "webhook_endpoint_pacing", "events", "webhook_deliveries"])
      await db.execute(sql.raw(`analyze ${table}`));
    range = {
      from: new Date("2026-01-10T00:00:00Z"),
      to: new Date("2026-01-11T00:00:00Z"),
      types: null,
      onlyFailed: false,
      missed: {
        accountId: account.id,
        environment: "sandbox",
        events: ["payment.created"],
        since: new Date("2026-01-01T00:00:00Z"),
      },
    };
  }, 180_000);
  afterAll(async () => {
    await database.close();
  });

  it("a replay's count reads the endpoint's range and the owner's range of events, by index", async () => {
    const [count] = await plansOf(database.db, (fake) => queryRows(fake, replayCountStatement(webhookId, range)));
    expect(count).toContain("webhook_deliveries_webhook_idx");
    expect(count).toMatch(/events\w*_(type|owner)\w*_idx/);
    expect(count).not.toContain("Seq Scan");
  });

  it("a replay's start reads the same ranges and updates by primary key", async () => {
    const [start] = await plansOf(database.db, (fake) =>
      startReplay(fake, { id: "rpl_plan", webhookId, at: new Date("2026-03-01T00:00:00Z"), ...range }),
    );
    expect(start).toContain("webhook_deliveries_webhook_idx");
    expect(start).toMatch(/events\w*_(type|owner)\w*_idx/);
    expect(start).not.toContain("Seq Scan on webhook_deliveries");
    expect(start).not.toMatch(/Seq Scan on events/);
  });

  it("the claim finds due deliveries by their due index, never by the endpoints' history", async () => {
    const [claim] = await plansOf(database.db, (fake) =>
      claimDueDeliveries(fake, {
        now: new Date("2026-03-01T00:00:00Z"),
        leaseMs: 30_000,
        limit: 128,
        perEndpoint: 32,
        inFlight: new Map(),
      }),
    );
    expect(claim).toContain("webhook_deliveries_due_idx");
    // The pacing rows (one per rated endpoint) may be hashed whole: they grow with endpoints, not history.
    expect(claim).not.toContain("Seq Scan on webhook_deliveries");
    expect(claim).not.toMatch(/Seq Scan on events/);
  });

  it("a condition's preview reads the last day of the owner's events of its types, by index", async () => {
    const scope = { accountId: range.missed?.accountId ?? "", environment: "sandbox" as const };
    const day = { from: new Date("2026-02-01T00:00:00Z"), to: new Date("2026-02-02T00:00:00Z") };
    const [preview] = await plansOf(database.db, (fake) =>
      eventsOfTypesBetween(fake, scope, ["payment.created"], day, 10_001),
    );
    expect(preview).toMatch(/events\w*_(type|owner)\w*_idx/);
    expect(preview).not.toContain("Seq Scan");
  });

  it("the health moves read the endpoints alone, never deliveries or events", async () => {
    const plans = await plansOf(database.db, async (fake) => {
      await noteOutcomes(fake, [
        { webhookId, ok: false, firstFailAt: new Date(), lastFailAt: new Date(), lastFailure: "HTTP 500" },
      ]);
      await warnFailing(fake, [webhookId]);
      await disableFailing(fake, [webhookId]);
    });
    expect(plans.length).toBeGreaterThanOrEqual(1);
    for (const plan of plans) {
      expect(plan).toContain("Update on webhook_endpoints");
      expect(plan).not.toMatch(/webhook_deliveries|events/);
    }
  });
});
