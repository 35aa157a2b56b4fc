/**
 * Starts the embedded service with the server (database, migrations, background workers), so
 * webhooks and scheduled moves run even before the first API call.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if ((process.env.EMBEDDED_SERVICE ?? "on") === "off") return;
  const { getServiceRuntime } = await import("@/lib/service/runtime");
  await getServiceRuntime();
}
