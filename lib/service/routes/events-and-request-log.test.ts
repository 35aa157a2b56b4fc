/**
 * The events list (decision D9.6) and the request log (D11), through the real routes, on PGlite
 * and on the machine's PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, ensureAccount } from "../store/api-keys";
import { forgetOwnerKeys, ownerKeysFreeFor, ownerKeysUnique } from "../store/owner-keys";
import { requestLogWriter } from "../request-log/writer";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

type Page = { data: Json[]; pagination: Json };

describe.each<DriverKind>(["pglite", "postgres"])("events list and request log (%s)", (driver) => {
  let s: TestService;
  let strangerKey: string;
  beforeAll(async () => {
    s = await createTestService({ driver });
    const other = await ensureAccount(s.deps.db, "Stranger Ltd");
    strangerKey = (await createApiKey(s.deps.db, { accountId: other.id, environment: "sandbox" })).key;
  });
  afterAll(() => s.close());

  /** Polls the log until `check` passes or a second is up (entries are written in batches). */
  async function logged(query: string, check: (page: Page) => boolean): Promise<Page> {
    const deadline = Date.now() + 1000;
    for (;;) {
      const page = (await call(s, "GET", `/v0/request-logs?${query}`)).body as unknown as Page;
      if (check(page) || Date.now() > deadline) return page;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  describe("GET /v0/events", () => {
    it("lists a request's events newest first, with deliveries per endpoint, and filters by type", async () => {
      const hook = await call(s, "POST", "/v0/webhooks", {
        url: "http://127.0.0.1:9/h",
        events: ["settlement_request.created", "payment.created"],
      });
      expect(hook.status).toBe(201);
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const id = created.body.id as string;
      const page = (await call(s, "GET", `/v0/events?resource_id=${id}`)).body as unknown as Page;
      expect(page.data.map((e) => e.type).sort()).toEqual([
        "payment.created",
        "payment.created",
        "settlement_request.created",
      ]);
      expect(page.pagination).toMatchObject({ total: 3 });
      for (const event of page.data) {
        const deliveries = event.deliveries as Json[];
        expect(deliveries).toHaveLength(1);
        expect(deliveries[0]).toMatchObject({
          webhook_id: hook.body.id,
          url: "http://127.0.0.1:9/h",
          status: "PENDING",
          attempts: 0,
        });
      }
      const requestEvent = page.data.find((e) => e.type === "settlement_request.created")!;
      expect((requestEvent.data as Json).id).toBe(id);

      const onlyRequests = (await call(s, "GET", `/v0/events?type=settlement_request.created&resource_id=${id}`))
        .body as unknown as Page;
      expect(onlyRequests.data.map((e) => e.id)).toEqual([requestEvent.id]);
      const paymentId = (created.body.inbound_payment as Json).id as string;
      const byPayment = (await call(s, "GET", `/v0/events?resource_id=${paymentId}`)).body as unknown as Page;
      expect(byPayment.data.map((e) => e.type)).toEqual(["payment.created"]);

      const one = await call(s, "GET", `/v0/events/${requestEvent.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(requestEvent);
    });

    it("another account, another environment or a bad query never see them", async () => {
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const page = (await call(s, "GET", `/v0/events?resource_id=${created.body.id}`)).body as unknown as Page;
      const eventId = page.data[0].id as string;
      expect((await call(s, "GET", `/v0/events/${eventId}`, undefined, { key: strangerKey })).status).toBe(404);
      expect((await call(s, "GET", `/v0/events/${eventId}`, undefined, { key: s.keys.production })).status).toBe(404);
      const stranger = (
        await call(s, "GET", `/v0/events?resource_id=${created.body.id}`, undefined, { key: strangerKey })
      ).body as unknown as Page;
      expect(stranger.data).toEqual([]);
      expectFieldError(await call(s, "GET", "/v0/events?type=nope"), "type");
      expectFieldError(await call(s, "GET", "/v0/events?page_size=101"), "page_size");
    });
  });

  describe("GET /v0/request-logs", () => {
    // issue 35, finding 22: the console's own calls are marked, and can be left out
    it("keeps each call's User-Agent and leaves out those starting with user_agent_not", async () => {
      const mark = `ua-${driver}-${Date.now().toString(36)}`;
      await call(s, "GET", `/v0/webhooks?${mark}=console`, undefined, {
        headers: { "User-Agent": "settlement-console/1 (dashboard)" },
      });
      await call(s, "GET", `/v0/webhooks?${mark}=script`, undefined, { headers: { "User-Agent": "curl/8.5.0" } });
      const all = await logged(
        `path=/v0/webhooks&page_size=100`,
        (p) => p.data.filter((e) => String(e.query).startsWith(mark)).length === 2,
      );
      const mine = all.data.filter((e) => String(e.query).startsWith(mark));
      expect(mine.map((e) => e.user_agent).sort()).toEqual(["curl/8.5.0", "settlement-console/1 (dashboard)"]);
      const without = (
        await call(s, "GET", "/v0/request-logs?path=/v0/webhooks&page_size=100&user_agent_not=settlement-console/")
      ).body as unknown as Page;
      expect(without.data.filter((e) => String(e.query).startsWith(mark)).map((e) => e.user_agent)).toEqual([
        "curl/8.5.0",
      ]);
    });

    it("records a create within a second: bodies masked, resource, idempotency key and replay", async () => {
      const headers = { "Idempotency-Key": `log-${driver}-1` };
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2f, { headers });
      const id = created.body.id as string;
      await call(s, "POST", "/v0/settlement-requests", BODIES.s2f, { headers });
      const page = await logged(`resource_id=${id}`, (p) => p.data.length >= 2);
      expect(page.data).toHaveLength(2);
      const [replay, first] = page.data;
      expect(first).toMatchObject({
        method: "POST",
        path: "/v0/settlement-requests",
        status: 201,
        key_prefix: s.keys.sandbox.slice(0, 14),
        idempotency_key: `log-${driver}-1`,
        idempotent_replayed: false,
        resource_id: id,
      });
      expect(replay.idempotent_replayed).toBe(true);
      expect(typeof first.duration_ms).toBe("number");
      const sent = first.request_body as Json;
      expect((sent.destination as Json).account_number).toBe("••••6789");
      expect((first.response_body as Json).id).toBe(id);
      expect(JSON.stringify(first)).not.toContain(s.keys.sandbox);

      const one = await call(s, "GET", `/v0/request-logs/${first.id}`);
      expect(one.body).toEqual(first);

      // bodies=omit (extension): the same entries without either body; by id they are still there.
      const lean = (await call(s, "GET", `/v0/request-logs?resource_id=${id}&bodies=omit`)).body as unknown as Page;
      expect(lean.pagination).toEqual(page.pagination);
      const { request_body: _sent, response_body: _answered, ...summary } = first;
      expect(lean.data[1]).toEqual(summary);
      expect(Object.keys(lean.data[0])).not.toContain("request_body");
      expect(Object.keys(lean.data[0])).not.toContain("response_body");
      expectFieldError(await call(s, "GET", `/v0/request-logs?bodies=none`), "bodies");
    });

    it("records errors and reads by id, filters by status class, method and path, and never logs its own reads", async () => {
      await call(s, "GET", "/v0/nowhere-logged");
      await call(s, "POST", "/v0/settlement-requests", "{broken");
      const errors = await logged("status=4xx&path=/v0/nowhere-logged", (p) => p.data.length >= 1);
      expect(errors.data[0]).toMatchObject({ status: 404, method: "GET" });
      const invalid = await logged("status=4xx&method=POST&path=/v0/settlement-*", (p) =>
        p.data.some((e) => e.status === 400),
      );
      const broken = invalid.data.find((e) => e.status === 400)!;
      expect(broken.request_body).toBe("{broken");
      expect((broken.response_body as Json).error).toBe("invalid_json");
      const reads = await logged("path=/v0/request-logs*", () => false);
      expect(reads.data).toEqual([]);
      expectFieldError(await call(s, "GET", "/v0/request-logs?status=3xx"), "status");
    });

    it("another account or environment gets 404 for an entry and sees none of them", async () => {
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const page = await logged(`resource_id=${created.body.id}`, (p) => p.data.length >= 1);
      const entryId = page.data[0].id as string;
      expect((await call(s, "GET", `/v0/request-logs/${entryId}`, undefined, { key: strangerKey })).status).toBe(404);
      expect((await call(s, "GET", `/v0/request-logs/${entryId}`, undefined, { key: s.keys.production })).status).toBe(
        404,
      );
      const theirs = (
        await call(s, "GET", `/v0/request-logs?resource_id=${created.body.id}`, undefined, { key: strangerKey })
      ).body as unknown as Page;
      expect(theirs.data).toEqual([]);
    });

    it("a huge path is logged, bounded, without costing the entries written beside it", async () => {
      const huge = `/v0/settlement-requests/${"z".repeat(20_000)}`;
      expect((await call(s, "GET", huge)).status).toBe(404);
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      await requestLogWriter(s.deps.db).flush();
      const mine = await logged(`resource_id=${created.body.id}`, (p) => p.data.length >= 1);
      expect(mine.data).toHaveLength(1);
      const errors = await logged("status=4xx&method=GET&path=/v0/settlement-requests/*", (p) =>
        p.data.some((e) => String(e.path).includes("zzzz")),
      );
      const entry = errors.data.find((e) => String(e.path).includes("zzzz"))!;
      expect(String(entry.path).length).toBeLessThanOrEqual(2048);
      expect(entry.resource_id).toBeNull();
    });

    it("cuts bodies at 16 KiB", async () => {
      const big = {
        ...BODIES.s2s,
        metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "x".repeat(500)])),
      };
      const res = await call(s, "POST", "/v0/settlement-requests", big);
      expect(res.status).toBe(201);
      await requestLogWriter(s.deps.db).flush();
      const page = await logged(`resource_id=${res.body.id}`, (p) => p.data.length >= 1);
      const body = page.data[0].request_body;
      expect(typeof body).toBe("string");
      expect(Buffer.byteLength(body as string)).toBeLessThanOrEqual(16 * 1024);
    });
  });

  describe("rows written before the bodies were packed (migration 0025)", () => {
    it("reads an entry's text bodies and an event's jsonb data as before", async () => {
      const at = new Date().toISOString();
      await s.deps.db.execute(sql`
        INSERT INTO request_logs (id, account_id, environment, request_id, at, method, path, query, status, duration_ms,
                                  key_prefix, idempotent_replayed, resource_id, request_body, response_body)
        VALUES ('req_before_packing', ${s.account.id}, 'sandbox', 'rid-before', ${at}, 'POST', '/v0/before', '', 201, 3,
                'sk_test_before', false, 'res_before', '{"a":1}', '{"id":"res_before"}')`);
      await s.deps.db.execute(sql`
        INSERT INTO events (id, account_id, environment, type, created_at, data, resource_id)
        VALUES ('evt_before_packing', ${s.account.id}, 'sandbox', 'payment.created', ${at},
                '{"id":"res_before","status":"COMPLETED"}'::jsonb, 'res_before')`);
      const entry = await call(s, "GET", "/v0/request-logs/req_before_packing");
      expect(entry.status).toBe(200);
      expect(entry.body).toMatchObject({ request_body: { a: 1 }, response_body: { id: "res_before" } });
      const listed = (await call(s, "GET", "/v0/request-logs?resource_id=res_before")).body as unknown as Page;
      expect(listed.data.map((e) => e.id)).toEqual(["req_before_packing"]);
      const event = await call(s, "GET", "/v0/events/evt_before_packing");
      expect(event.body).toMatchObject({ data: { id: "res_before", status: "COMPLETED" } });
      const events = (await call(s, "GET", "/v0/events?resource_id=res_before")).body as unknown as Page;
      expect(events.data.map((e) => e.id)).toEqual(["evt_before_packing"]);
    });
  });

  describe("owner keys (migration 0025): two accounts whose (account, environment) share one", () => {
    // Found by search: hashtext(id || ':sandbox') is the same for both.
    const first = "497c28f9-7b85-49c1-adcd-cc39a5ec8f12";
    const second = "76357a79-9990-4606-9118-d26eb2d5e096";

    it("a new account never takes an id whose owner key another account has", async () => {
      await s.deps.db.execute(sql`INSERT INTO accounts (id, name) VALUES (${first}, ${`Keyed ${driver}`})`);
      const drawn = ["76357a79-9990-4606-9118-d26eb2d5e096", "0b6f0a8e-7d55-4a51-9d3f-2f0d8f2f6c11"];
      const made = await ensureAccount(s.deps.db, `Collider ${driver}`, () => drawn.shift() as string);
      expect(made.id).toBe("0b6f0a8e-7d55-4a51-9d3f-2f0d8f2f6c11");
      expect(await ownerKeysFreeFor(s.deps.db, second)).toBe(false);
    });

    it("where an older database has such a pair, lists and totals still count only the caller's calls", async () => {
      await s.deps.db.execute(sql`INSERT INTO accounts (id, name) VALUES (${second}, ${`Older ${driver}`})`);
      forgetOwnerKeys(s.deps.db);
      expect(await ownerKeysUnique(s.deps.db)).toBe(false);
      const mine = (await createApiKey(s.deps.db, { accountId: first, environment: "sandbox" })).key;
      const theirs = (await createApiKey(s.deps.db, { accountId: second, environment: "sandbox" })).key;
      for (const key of [mine, theirs, theirs]) await call(s, "DELETE", "/v0/webhooks/wh_none", undefined, { key });
      await requestLogWriter(s.deps.db).flush();
      const page = (await call(s, "GET", "/v0/request-logs?method=DELETE", undefined, { key: mine }))
        .body as unknown as Page;
      expect(page.pagination.total).toBe(1); // and each call logged once, an error answer included
      expect(page.data).toHaveLength(1);
      const all = (await call(s, "GET", "/v0/request-logs", undefined, { key: theirs })).body as unknown as Page;
      expect(all.pagination.total).toBe(2);
      forgetOwnerKeys(s.deps.db);
    });
  });
});
