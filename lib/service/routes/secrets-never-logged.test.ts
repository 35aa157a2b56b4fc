/**
 * No secret comes back out (decisions D11.4, D11.6): a webhook's
 * signing secret is in the answer that created it and nowhere else, no table, no read, no log
 * entry; no entry holds a full API key; an inbox capability URL is cut; the request log's and the
 * events list's totals stop counting at 10,000. On PGlite and on the machine's PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { useSecretKeys } from "@/lib/crypto/secret-box";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/database";
import { MIGRATIONS } from "@/lib/db/migrations";
import { splitStatements } from "@/lib/db/migrate";
import { requestLogWriter } from "../request-log/writer";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, type Json } from "../testing/http";

type Page = { data: Json[]; pagination: Json };
const INBOX_ID = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEiLCJyb2xlIjoiYWRtaW4ifQ.c2lnbmF0dXJlLXZhbHVlLWhlcmU";
const PAT = "scpat_AbCdEfGhIjKlMnOpQrStUvWx";
const OTHER_SHAPE_KEY = "sk_sandbox_Q29uZmlndXJlZEtleVNoYXBl";
const OTHER_ENV_KEY = "sk_production_UHJvZHVjdGlvbktleVRoZXJl";
const FORM_SECRET = "hunter2-form-secret";
const FORM_BODY = `url=https%3A%2F%2Fexample.com&secret=${FORM_SECRET}&password=${FORM_SECRET}x`;

describe.each<DriverKind>(["pglite", "postgres"])("secrets never come back out (%s)", (driver) => {
  let s: TestService;
  let secret: string;
  let inboxSecret: string;
  let webhookId: string;
  beforeAll(async () => {
    // secrets sealed at rest, as on every started console (.env.local holds the key)
    useSecretKeys({ current: randomBytes(32), previous: null });
    s = await createTestService({ driver });
    const hook = await call(s, "POST", "/v0/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["settlement_request.created"],
    });
    expect(hook.status).toBe(201);
    secret = hook.body.secret as string;
    webhookId = hook.body.id as string;
    const inbox = await call(s, "POST", "/v0/webhooks", {
      url: `http://localhost:3000/inbox/${INBOX_ID}`,
      events: ["payment.created"],
    });
    expect(inbox.status).toBe(201);
    inboxSecret = inbox.body.secret as string;
    // a client that sends a secret or its own key where it does not belong
    await call(s, "POST", "/v0/webhooks", { url: "http://127.0.0.1:9/x", events: ["payment.created"], secret });
    await call(s, "GET", `/v0/webhooks?api_key=${encodeURIComponent(s.keys.sandbox)}`);
    await call(s, "PATCH", `/v0/webhooks/${webhookId}`, { secret: inboxSecret });
    await call(s, "POST", "/v0/settlement-requests", { external_id: `note ${inboxSecret}` });
    await call(s, "GET", `/v0/webhooks/${webhookId}`);
    await call(s, "GET", "/v0/webhooks");
    await call(s, "GET", "/v0/events");
    // credentials in the fields a caller chooses besides path and body (issue 42)
    await call(
      s,
      "POST",
      "/v0/settlement-requests",
      { external_id: "x" },
      { headers: { "Idempotency-Key": `key ${JWT}` } },
    );
    await call(s, "GET", `/v0/webhooks/${inboxSecret}`, undefined, {
      headers: { "User-Agent": `agent/1.0 Bearer ${JWT} ${PAT}` },
    });
    // Every key shape and a form-encoded body (issue 58): none of them kept whole.
    await call(
      s,
      "POST",
      "/v0/settlement-requests",
      { external_id: "y" },
      { headers: { "Idempotency-Key": OTHER_SHAPE_KEY, "User-Agent": `curl/8 ${OTHER_ENV_KEY}` } },
    );
    await call(s, "POST", "/v0/webhooks", FORM_BODY, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await requestLogWriter(s.deps.db).flush();
  });
  afterAll(async () => {
    await s.close();
    useSecretKeys(undefined);
  });

  function expectNoCredential(text: string): void {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(inboxSecret);
    expect(text).not.toContain(JWT);
    expect(text).not.toContain(PAT);
    expect(text).not.toContain(s.keys.sandbox);
    expect(text).not.toContain(INBOX_ID);
    expect(text).not.toContain(OTHER_SHAPE_KEY);
    expect(text).not.toContain(OTHER_ENV_KEY);
    expect(text).not.toContain(FORM_SECRET);
  }

  it("keeps a logged secret as its first 10 characters and …, and no full API key or inbox id, in every entry", async () => {
    const page = (await call(s, "GET", "/v0/request-logs?page_size=100")).body as unknown as Page;
    expect(page.data.length).toBeGreaterThanOrEqual(8);
    const created = page.data.find(
      (e) => e.method === "POST" && e.status === 201 && (e.response_body as Json).id === webhookId,
    )!;
    expect((created.response_body as Json).secret).toBe(`${secret.slice(0, 10)}…`);
    const sentSecret = page.data.find(
      (e) => e.method === "POST" && (e.request_body as Json | null)?.secret !== undefined,
    )!;
    expect((sentSecret.request_body as Json).secret).toBe(`${secret.slice(0, 10)}…`);
    const inboxEntry = page.data.find(
      (e) => e.method === "POST" && String((e.request_body as Json | null)?.url).includes("/inbox/"),
    )!;
    expect((inboxEntry.request_body as Json).url).toBe(`http://localhost:3000/inbox/${INBOX_ID.slice(0, 6)}…`);
    const withKey = page.data.find((e) => String(e.query).includes("api_key"))!;
    expect(withKey.query).toContain(`api_key=${s.keys.sandbox.slice(0, 14)}`);
    for (const entry of page.data) {
      expectNoCredential(JSON.stringify(entry));
      expectNoCredential(JSON.stringify((await call(s, "GET", `/v0/request-logs/${entry.id}`)).body));
    }
  });

  it("shows the secret in no later read: endpoint, list, deliveries, events", async () => {
    for (const path of [
      "/v0/webhooks",
      `/v0/webhooks/${webhookId}`,
      `/v0/webhooks/${webhookId}/deliveries`,
      "/v0/events",
      "/v1/webhooks",
    ]) {
      const res = await call(s, "GET", path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(secret);
      expect(JSON.stringify(res.body)).not.toContain(inboxSecret);
    }
  });

  it("holds the secret in no table, in any column", async () => {
    const tables = await queryRows<{ table_name: string }>(
      s.deps.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const rows = await queryRows<Record<string, unknown>>(s.deps.db, sql.raw(`SELECT * FROM "${table_name}"`));
      const text = JSON.stringify(rows);
      expect(text, table_name).not.toContain(secret);
      expect(text, table_name).not.toContain(inboxSecret);
      expect(text, table_name).not.toContain(s.keys.sandbox);
    }
  });

  it("cleans entries written before the cut (migration 0013)", async () => {
    const old = `{"id":"wh_old","secret":"${secret}","url":"http://localhost:3000/inbox/${INBOX_ID}"}`;
    await s.deps.db.execute(sql`
      INSERT INTO request_logs (id, account_id, environment, request_id, at, method, path, query, status, duration_ms, key_prefix, idempotent_replayed, request_body, response_body)
      VALUES ('req_old', ${s.account.id}, 'sandbox', 'r', now(), 'POST', '/v0/webhooks', ${`api_key=${s.keys.sandbox}`}, 201, 1, 'sk_test_abcdef', false, ${`{"note":"${inboxSecret}"}`}, ${old})`);
    const migration = MIGRATIONS.find((m) => m.id === "0013_request_log_secrets")!;
    for (const statement of splitStatements(migration.sql)) await s.deps.db.execute(sql.raw(statement));
    const entry = (await call(s, "GET", "/v0/request-logs/req_old")).body;
    expectNoCredential(JSON.stringify(entry));
    expect(entry.response_body).toEqual({
      id: "wh_old",
      secret: `${secret.slice(0, 10)}…`,
      url: `http://localhost:3000/inbox/${INBOX_ID.slice(0, 6)}…`,
    });
    expect(entry.request_body).toEqual({ note: `${inboxSecret.slice(0, 10)}…` });
    expect(entry.query).toBe(`api_key=${s.keys.sandbox.slice(0, 14)}…`);
  });

  it("counts the request log's and the events list's totals up to 10,000 (total_capped)", async () => {
    const small = (await call(s, "GET", "/v0/request-logs?page_size=5")).body as unknown as Page;
    expect(small.pagination.total_capped).toBe(false);
    expect(small.pagination.total).toBeLessThan(100);
    await s.deps.db.execute(sql`
      INSERT INTO request_logs (id, account_id, environment, request_id, at, method, path, query, status, duration_ms, key_prefix, idempotent_replayed)
      SELECT 'req_bulk_' || g, ${s.account.id}, 'sandbox', 'r', now() - interval '1 day', 'GET', '/v0/payments', '', 200, 1, 'sk_test_abcdef', false
      FROM generate_series(1, 10001) g`);
    await s.deps.db.execute(sql`
      INSERT INTO events (id, account_id, environment, type, created_at, data)
      SELECT 'evt_bulk_' || g, ${s.account.id}, 'sandbox', 'payment.created', now() - interval '1 day', '{"id":"pay_x"}'::jsonb
      FROM generate_series(1, 10001) g`);
    for (const path of ["/v0/request-logs?page_size=100", "/v0/events?page_size=100"]) {
      const page = (await call(s, "GET", path)).body as unknown as Page;
      expect(page.pagination, path).toEqual({
        page: 1,
        page_size: 100,
        total: 10_000,
        total_pages: 100,
        total_capped: true,
      });
    }
    const past = (await call(s, "GET", "/v0/request-logs?page_size=100&page=500")).body as unknown as Page;
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 10_000, total_capped: true });
    const filtered = (await call(s, "GET", "/v0/request-logs?path=/v0/webhooks")).body as unknown as Page;
    expect(filtered.pagination.total_capped).toBe(false);
  });
});
