"use server";

import { z } from "@/lib/schemas/zod";
import { bundleLines } from "@/lib/audit-log/store";
import { checkTrail } from "@/lib/audit-log/trail-check";
import { trailTampered, trailWords, type TrailCheck } from "@/lib/audit-log/trail-verdict";
import { BundleVerifier, type Verdict } from "@/lib/audit-log/verify";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "@/lib/actions/action";

export type AuditVerification = { verdict: Verdict; trail: TrailCheck; from: number; to: number };

/**
 * "Verify" on the Audit page (issue 47): the bundle an auditor would download for the range,
 * checked by the same verifier `settlement-console verify-audit` runs, and the trail's rows held
 * to their log entries. Nothing leaves the server; the result says the first thing that does not hold.
 */
export const verifyAuditLog = consoleAction({
  name: "verifyAuditLog",
  permission: "audit:read",
  input: z.object({
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
  }),
  run: async ({ from, to }) => {
    const range = { fromMs: from ?? 0, toMs: to ?? Date.now() + 60_000 };
    const { db } = await getDatabase();
    const verifier = new BundleVerifier();
    for await (const line of bundleLines(db, range)) {
      verifier.line(line);
      if (verifier.failed) break;
    }
    const verdict = verifier.finish();
    const trail = await checkTrail(db, range);
    const ok = verdict.ok && !trailTampered(trail);
    return {
      ok: true,
      data: { verdict, trail, from: range.fromMs, to: range.toMs } as AuditVerification,
      audit: {
        detail: ok
          ? `verified: ${verdict.summary}`
          : `NOT verified: ${verdict.ok ? trailWords(trail) : verdict.summary}`,
      },
    };
  },
});
