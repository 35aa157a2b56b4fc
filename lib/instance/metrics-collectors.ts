import "server-only";
import { sql } from "drizzle-orm";
import { openStreamCount } from "@/lib/inbox/sse";
import { getDatabase } from "@/lib/db/connection";
import { queryRows } from "@/lib/db/database";
import { databaseAvailability } from "@/lib/db/availability";
import { metrics } from "@/lib/observability/metrics";
import { embeddedService } from "./jobs";

/** Reads the gauges that need a look, then the registry's text (Prometheus exposition format). */
export async function scrape(): Promise<{ text: string; contentType: string }> {
  const m = metrics();
  m.sseClients.set(openStreamCount());
  // The embedded service's own counter; a console in front of a remote service loads none of it.
  if (embeddedService()) m.requestLogDrops.set((await import("@/lib/service/request-log/writer")).requestLogDrops());
  const database = databaseAvailability();
  m.databaseUp.set(database.up ? 1 : 0);
  m.databaseLosses.set(database.losses);
  m.databaseRecoveries.set(database.recoveries);
  try {
    const { db } = await getDatabase();
    const [row] = await queryRows<{ pending: string | number; due: string | number }>(
      db,
      sql`select count(*) as pending, count(*) filter (where next_attempt_at <= now()) as due from webhook_deliveries where status = 'PENDING'`,
    );
    m.outboxDepth.set(Number(row?.pending ?? 0));
    m.outboxDue.set(Number(row?.due ?? 0));
  } catch {
    // The database is away: the gauges keep their last values; /api/ready says why.
  }
  return { text: await m.registry.metrics(), contentType: m.registry.contentType };
}
