import "server-only";
import { randomUUID } from "node:crypto";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/http/url-guard";
import { outgoingPolicy } from "@/lib/http/outgoing-policy";
import { sendDelivery } from "@/lib/webhooks/send";
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
 * HMAC-SHA256 of `t.body` with the schedule's secret). The target is held to the webhook
 * endpoints' policy (production: public https; a local console's sandbox may reach loopback, a
 * hosted one's may not), when saved, at every attempt and at connect time; three attempts, then
 * the run says it failed.
 */
export async function deliverRun(db: Executor, runId: string, manifest: ReportManifest): Promise<void> {
  const target = await webhookOf(db, runId);
  if (!target) return;
  const policy = outgoingPolicy(target.environment);
  const eventId = `evt_${randomUUID()}`;
  const body = JSON.stringify({
    id: eventId,
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
    // The webhooks' own sender: it connects only to an address the policy allows (checked at
    // connect time, so a name that now resolves elsewhere is refused), follows no redirect, signs.
    const sent = await sendDelivery({
      url: target.url,
      policy,
      secret: target.secret,
      eventId,
      body,
      timeoutMs: 10_000,
    });
    if (sent.ok) {
      await recordDelivery(db, runId, { status: "delivered", attempts: attempt, detail: `HTTP ${sent.httpStatus}` });
      return;
    }
    detail = sent.error ?? "no answer";
  }
  await recordDelivery(db, runId, { status: "failed", attempts: WAITS_MS.length, detail });
}
