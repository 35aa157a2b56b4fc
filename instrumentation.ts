/**
 * Runs once when the server starts: the secrets every instance must share are checked against
 * the database (refuses to start on a mismatch), the console's first administrator (on a fresh
 * database), then the embedded service (database, migrations, background workers), so webhooks
 * and scheduled moves run even before the first API call. Registers the graceful shutdown.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { registerShutdown } = await import("@/lib/ops/shutdown");
  registerShutdown();
  const { runStartupChecksOrExit } = await import("@/lib/ops/startup-checks");
  await runStartupChecksOrExit();
  const { startHousekeeping } = await import("@/lib/ops/housekeeping");
  startHousekeeping();
  const { ensureAdministrator } = await import("@/lib/auth/bootstrap");
  await ensureAdministrator();
  // Batch payouts: dry runs and sends of any instance's batches (leased in PostgreSQL).
  const { startBatchWorker } = await import("@/lib/batches/worker");
  startBatchWorker();
  if ((process.env.EMBEDDED_SERVICE ?? "on") === "off") return;
  const { getServiceRuntime } = await import("@/lib/service/runtime");
  await getServiceRuntime();
}
