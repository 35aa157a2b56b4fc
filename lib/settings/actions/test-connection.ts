"use server";

import { z } from "@/lib/schemas/zod";
import { environmentSchema } from "@/lib/dashboard/environment-schema";
import * as api from "@/lib/settlement-api";
import { readAction, toActionError } from "@/lib/actions/action";
import type { ActionError } from "@/lib/dashboard/action-result";

export type ConnectionTest = {
  environment: z.output<typeof environmentSchema>;
  ok: boolean;
  /** Round trip of one small API call from the server, in ms. */
  latencyMs: number;
  status?: number;
  requestId?: string;
  error?: ActionError;
};

/**
 * Settings: one small authenticated call (first page of one settlement request) to the API of
 * `environment`, timed on the server. Reads nothing but whether the key and URL work.
 */
export const testConnection = readAction({
  name: "testConnection",
  permission: "read",
  input: z.object({ environment: environmentSchema }),
  run: async ({ environment }) => {
    const started = performance.now();
    const result = await api.listSettlementRequests(environment, { page: 1, page_size: 1 });
    const latencyMs = Math.round(performance.now() - started);
    const data: ConnectionTest = result.ok
      ? { environment, ok: true, latencyMs, status: result.status, requestId: result.requestId }
      : {
          environment,
          ok: false,
          latencyMs,
          error: toActionError(result.error),
          status: result.error.kind === "api" ? result.error.status : undefined,
        };
    return { ok: true, data, status: 200, replayed: false };
  },
});
