/**
 * Runs once when the server starts: the secrets every instance must share are checked against
 * the database (refuses to start on a mismatch), then every job of the console's composition
 * root starts in order (lib/instance/jobs.ts: the first administrator on a fresh database, the
 * batch worker, the embedded service unless EMBEDDED_SERVICE=off, so webhooks and scheduled
 * moves run even before the first API call), and housekeeping prunes what they keep.
 * Registers the graceful shutdown, which drains the same jobs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { registerShutdown } = await import("@/lib/instance/shutdown");
  registerShutdown();
  const { runStartupChecksOrExit } = await import("@/lib/instance/startup-checks");
  await runStartupChecksOrExit();
  const { startHousekeeping } = await import("@/lib/instance/housekeeping");
  startHousekeeping();
  const { CONSOLE_JOBS } = await import("@/lib/instance/jobs");
  for (const job of CONSOLE_JOBS) await job.start?.();
}
