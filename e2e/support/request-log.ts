import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

/** How many entries of the service's request log carry this Idempotency-Key. */
export async function requestLogCount(request: APIRequestContext, apiKey: string, idempotencyKey: string) {
  const res = await request.get(`/v0/request-logs?idempotency_key=${encodeURIComponent(idempotencyKey)}`, {
    headers: { "X-Api-Key": apiKey },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

/**
 * A barrier, not a sleep (issue 60): sends one marked call now and waits until the request log
 * holds it. The log is written in the order calls end, so once the marker is there, every call
 * that ended before it is there too: an absence checked after this is an absence.
 */
export async function requestLogBarrier(request: APIRequestContext, apiKey: string): Promise<void> {
  const marker = `barrier-${randomUUID()}`;
  const sent = await request.post("/v0/settlement-requests", {
    headers: { "X-Api-Key": apiKey, "Idempotency-Key": marker },
    data: {},
  });
  expect(sent.status()).toBe(400);
  await expect.poll(() => requestLogCount(request, apiKey, marker), { timeout: 15_000 }).toBe(1);
}
