/**
 * Runs once when the server starts: the console's first administrator (printed once to this log
 * on a fresh database), then the embedded service (database, migrations, background workers), so
 * webhooks and scheduled moves run even before the first API call.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureAdministrator } = await import("@/lib/auth/bootstrap");
  await ensureAdministrator();
  if ((process.env.EMBEDDED_SERVICE ?? "on") === "off") return;
  const { getServiceRuntime } = await import("@/lib/service/runtime");
  await getServiceRuntime();
}
