/**
 * A report schedule's webhook on a hosted console (issue 58): its sandbox schedules used to reach
 * the host's loopback (a schedule posted to 127.0.0.1:9999 and recorded the answer's status).
 * They now follow the webhook endpoints' policy, checked when saved, before every attempt and
 * at connect time: nothing reaches a receiver on this host, and the run says why.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const deliveries: Array<{ status: string; detail: string }> = [];
let target = "";
vi.mock("@/lib/env", async (original) => {
  const real = await original<typeof import("@/lib/env")>();
  const hosted = real.parseEnv({
    ...process.env,
    AUTH_URL: "https://console.example.com",
    AUTH_SECRET: "x".repeat(40),
  });
  return { ...real, env: () => hosted };
});
vi.mock("./schedules", () => ({
  webhookOf: async () => ({ url: target, secret: "whsec_test", environment: "sandbox" }),
  recordDelivery: async (_db: unknown, _id: string, d: { status: string; detail: string }) => {
    deliveries.push(d);
  },
}));
vi.mock("./download-link", () => ({ downloadPath: (id: string) => `/reports/download/${id}` }));

const { deliverRun } = await import("./deliver");
const { outgoingPolicy } = await import("@/lib/http/outgoing-policy");
const { sendDelivery } = await import("@/lib/webhooks/send");

describe("report schedules on a hosted console (issue 58)", () => {
  let server: Server;
  let hits = 0;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("hold sandbox targets to the hosted policy: public addresses only", () => {
    expect(outgoingPolicy("sandbox")).toBe("sandbox-public");
    expect(outgoingPolicy("production")).toBe("public");
  });

  it("refuse the host's loopback, by address and by name, and never connect", async () => {
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`]) {
      target = url;
      deliveries.length = 0;
      await deliverRun({} as never, "rpt_1", {} as never);
      expect(deliveries).toEqual([
        expect.objectContaining({ status: "failed", detail: expect.stringContaining("refused") }),
      ]);
    }
    // The sender itself refuses at connect time a name that resolves to loopback.
    const sent = await sendDelivery({
      url: `http://localhost.:${port}/hook`,
      policy: "sandbox-public",
      secret: "whsec_test",
      eventId: "evt_1",
      body: "{}",
      timeoutMs: 2_000,
    });
    expect(sent.ok).toBe(false);
    expect(sent.httpStatus).toBeNull();
    expect(hits).toBe(0);
  });
});
