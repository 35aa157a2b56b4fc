/**
 * Delivery results are announced on PostgreSQL: once attempts are recorded, a listener on
 * another connection (another console instance) hears which endpoint changed, by ids only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/database";
import { createTestService, TEST_PG_URL, type TestService } from "../testing/harness";
import { BODIES } from "../testing/settlement-fixtures";
import { DELIVERY_RESULTS_CHANNEL } from "./delivery-notices";
import { startReceiver, type Receiver } from "./testing/receiver";

describe("delivery results on PostgreSQL NOTIFY", () => {
  let s: TestService;
  let other: Database;
  let receiver: Receiver;
  beforeAll(async () => {
    s = await createTestService({ driver: "postgres" });
    other = await openDatabase({
      kind: "postgres",
      url: TEST_PG_URL,
      schema: (s.database as { schema?: string }).schema,
      max: 1,
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await other.close();
    await s.close();
  });

  it("announces each endpoint whose deliveries were recorded, to listeners on other connections", async () => {
    const heard: unknown[] = [];
    const stop = await other.listen(DELIVERY_RESULTS_CHANNEL, { onMessage: (p) => heard.push(JSON.parse(p)) });
    const hook = (await (
      await s.request("POST", "/v0/webhooks", { body: { url: receiver.url, events: ["settlement_request.created"] } })
    ).json()) as { id: string };
    expect((await s.request("POST", "/v0/settlement-requests", { body: BODIES.s2s })).status).toBe(201);
    await s.runWorkers();
    const end = Date.now() + 5_000;
    while (heard.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toContainEqual({ w: hook.id, e: "sandbox" });
    await stop();
  });
});
