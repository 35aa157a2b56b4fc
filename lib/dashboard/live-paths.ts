/**
 * The GET reads of the detail screens (app/(dashboard)/live): paths and the fetch that reads one
 * as an ActionResult, for useLiveResource and the request page's history. Browser-safe.
 */
import type { ActionResult } from "@/lib/dashboard/action-result";

const seg = encodeURIComponent;

export const livePaths = {
  settlementRequest: (id: string) => `/live/settlement-requests/${seg(id)}`,
  settlementRequestHistory: (id: string) => `/live/settlement-requests/${seg(id)}/history`,
  settlementRequestEvents: (id: string) => `/live/settlement-requests/${seg(id)}/events`,
  payment: (id: string) => `/live/payments/${seg(id)}`,
  disbursement: (id: string) => `/live/disbursements/${seg(id)}`,
  v1Payment: (id: string) => `/live/v1-payments/${seg(id)}`,
  requestLog: (id: string) => `/live/request-logs/${seg(id)}`,
  event: (id: string) => `/live/events/${seg(id)}`,
} as const;

/** Reads a /live/… path; no answer, or one that is not JSON (a sign-in page after the session ended), is a failure like any other. */
export async function readLive<T>(path: string): Promise<ActionResult<T>> {
  try {
    const res = await fetch(path, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!(res.headers.get("content-type") ?? "").includes("application/json")) {
      return {
        ok: false,
        error: { code: "unauthorized", message: "Your session ended: sign in again.", status: res.status, details: [] },
      };
    }
    return (await res.json()) as ActionResult<T>;
  } catch {
    return {
      ok: false,
      error: {
        code: "network_error",
        message: "The console did not answer. Check your connection and try again.",
        details: [],
      },
    };
  }
}
