import "server-only";
import { randomUUID } from "node:crypto";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/http/url-guard";
import { signatureHeader, SIGNATURE_HEADER, EVENT_ID_HEADER } from "@/lib/webhooks/signature";
import { downloadPath } from "./download-link";
import { recordDelivery, webhookOf } from "./schedules";
import type { ReportManifest } from "./store";

/** The console's public origin: AUTH_URL behind a balancer, else this instance. */
export const consoleOrigin = () =>
  env().AUTH_URL ? new URL(env().AUTH_URL as string).origin : `http://localhost:${env().PORT}`;

const WAITS_MS = [0, 2_000, 10_000];

/**
 * Delivers a scheduled run's `report_run.succeeded` webhook (decisions D24.11): the manifest and
 * the signed download link, signed like the service's webhooks (`X-Service-Signature: t=…,v1=…`,
 * HMAC-SHA256 of `t.body` with the schedule's secret). The target is checked as webhook
 * endpoints are (production: public https; sandbox may reach loopback), at every attempt;
 * three attempts, then the run says it failed.
 */
export async function deliverRun(db: Executor, runId: string, manifest: ReportManifest): Promise<void> {
  const target = await webhookOf(db, runId);
  if (!target) return;
  const policy = target.environment === "production" ? "public" : "public-or-loopback";
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: "report_run.succeeded",
    created_at: new Date().toISOString(),
    data: { ...manifest, download_url: `${consoleOrigin()}${downloadPath(runId)}` },
  });
  let detail = "";
  for (let attempt = 1; attempt <= WAITS_MS.length; attempt++) {
    if (WAITS_MS[attempt - 1]) await new Promise((r) => setTimeout(r, WAITS_MS[attempt - 1]));
    const problem = await webhookUrlProblem(target.url, policy).catch((e: Error) => `cannot be resolved: ${e.message}`);
    if (problem) {
      await recordDelivery(db, runId, { status: "failed", attempts: attempt, detail: `Target refused: ${problem}` });
      return;
    }
    try {
      const answer = await fetch(target.url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
        headers: {
          "Content-Type": "application/json",
          [SIGNATURE_HEADER]: signatureHeader(target.secret, body, Math.floor(Date.now() / 1000)),
          [EVENT_ID_HEADER]: JSON.parse(body).id,
        },
        body,
      });
      if (answer.ok) {
        await recordDelivery(db, runId, { status: "delivered", attempts: attempt, detail: `HTTP ${answer.status}` });
        return;
      }
      detail = `HTTP ${answer.status}`;
    } catch (error) {
      detail = error instanceof Error ? error.message : "no answer";
    }
  }
  await recordDelivery(db, runId, { status: "failed", attempts: WAITS_MS.length, detail });
}
