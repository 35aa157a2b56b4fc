import "server-only";
import type { Executor } from "@/lib/db/database";

/**
 * What one console instance runs besides answering requests (issue 45): the console's
 * composition root, as `WORKERS` is the service's. Start-up (instrumentation.ts) starts each job
 * in order, the drain (lib/instance/shutdown.ts) drains them all at once, and housekeeping
 * (lib/instance/housekeeping.ts) runs every `prune`. A new background feature is one entry here,
 * and nothing else has to remember it. Each entry loads its feature only when it runs, so a
 * console with EMBEDDED_SERVICE=off never loads the service's modules.
 */
export type ConsoleJob = {
  name: string;
  /** Runs at start-up (awaited, in order). Live hubs start on first use: they have none. */
  start?: () => Promise<void>;
  /** Stops taking work and lets what is in flight finish (at shutdown, before the database closes). */
  drain?: () => Promise<void>;
  /** Deletes what is past its retention; idempotent, so several instances doing it is harmless. */
  prune?: (db: Executor) => Promise<void>;
};

export const embeddedService = (): boolean => (process.env.EMBEDDED_SERVICE ?? "on") !== "off";

export const CONSOLE_JOBS: readonly ConsoleJob[] = [
  {
    name: "administrator",
    start: async () => (await import("@/lib/auth/bootstrap")).ensureAdministrator(),
  },
  {
    name: "audit",
    prune: async (db) => {
      const [{ pruneAudit }, { env }] = await Promise.all([import("@/lib/auth/audit"), import("@/lib/env")]);
      await pruneAudit(db, env().AUDIT_RETENTION_DAYS, env().AUDIT_MAX_ROWS);
    },
  },
  {
    name: "audit log checkpoints",
    // Signed checkpoints of the verifiable log, pushed to the customer's witness (issue 47).
    start: async () => (await import("@/lib/audit-log/checkpoint-job")).startAuditCheckpoints(),
    drain: async () => (await import("@/lib/audit-log/checkpoint-job")).stopAuditCheckpoints(),
    prune: async (db) => (await import("@/lib/audit-log/checkpoint-job")).pruneAuditLog(db),
  },
  {
    name: "sign-in throttle",
    prune: async (db) => (await import("@/lib/auth/throttle")).deleteEndedWindows(db),
  },
  {
    name: "payer links",
    prune: async (db) => (await import("@/lib/pay/pay-links")).pruneLinkState(db),
  },
  {
    name: "inbox",
    // Live streams end with a retry hint (browsers reconnect elsewhere and resume from Last-Event-ID).
    drain: async () => {
      const [{ closeAllStreams }, { stopListening }] = await Promise.all([
        import("@/lib/inbox/sse"),
        import("@/lib/inbox/pubsub"),
      ]);
      closeAllStreams(1_000);
      await stopListening();
    },
    prune: async (db) => {
      await (await import("@/lib/inbox/caps")).deleteExpiredMessages(db);
    },
  },
  {
    name: "webhook delivery results",
    drain: async () => (await import("@/lib/live/delivery-results")).stopDeliveryResults(),
  },
  {
    name: "listen",
    drain: async () => (await import("@/lib/listen/control")).stopStops(),
    prune: async (db) => (await import("@/lib/listen/sessions")).pruneSessions(db),
  },
  {
    name: "reports",
    // Report runs of any instance's people (claimed in PostgreSQL); files kept 30 days.
    start: async () => (await import("@/lib/reports/worker")).startReportWorker(),
    drain: async () => (await import("@/lib/reports/worker")).stopReportWorker(),
    prune: async (db) => (await import("@/lib/reports/store")).pruneRuns(db, 30),
  },
  {
    name: "notices",
    // Notices mailed from the outbox by any instance (claimed in PostgreSQL); the sent kept 30 days.
    start: async () => (await import("@/lib/notices/worker")).startNoticeWorker(),
    drain: async () => (await import("@/lib/notices/worker")).stopNoticeWorker(),
    prune: async (db) => (await import("@/lib/notices/store")).pruneNotices(db, 30),
  },
  {
    name: "endpoint health notices",
    // The newest webhook_endpoint.failing / .disabled events, read each minute, become notices (once per event).
    start: async () => (await import("@/lib/webhook-endpoints/health-notice-job")).startEndpointHealthNotices(),
    drain: async () => (await import("@/lib/webhook-endpoints/health-notice-job")).stopEndpointHealthNotices(),
  },
  {
    name: "batches",
    // Dry runs and sends of any instance's batches (leased in PostgreSQL).
    start: async () => (await import("@/lib/batches/worker")).startBatchWorker(),
    drain: async () => (await import("@/lib/batches/worker")).stopBatchWorker(),
  },
  {
    name: "embedded service",
    // Database, migrations and its background workers, so webhooks and scheduled moves run before the first call.
    start: async () => {
      if (embeddedService()) await (await import("@/lib/service/runtime")).getServiceRuntime();
    },
    drain: async () => {
      if (!embeddedService()) return;
      const runtime = await (await import("@/lib/service/runtime")).startedServiceRuntime()?.catch(() => undefined);
      await runtime?.stopWork();
    },
  },
];
