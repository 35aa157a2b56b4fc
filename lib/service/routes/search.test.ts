/**
 * GET /v0/search (extension, decision D17.5): every kind of pasted identifier, within the key's
 * account and environment, through the real route, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, ensureAccount } from "../store/api-keys";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

type Hit = { kind: string; id: string; match: string; title: string; status: string | null; parent_id: string | null };

describe.each<DriverKind>(["pglite", "postgres"])("GET /v0/search (%s)", (driver) => {
  let s: TestService;
  let strangerKey: string;
  beforeAll(async () => {
    s = await createTestService({ driver });
    const other = await ensureAccount(s.deps.db, `Search stranger ${driver}`);
    strangerKey = (await createApiKey(s.deps.db, { accountId: other.id, environment: "sandbox" })).key;
  });
  afterAll(() => s.close());

  const find = async (q: string, key?: string) => {
    const res = await call(s, "GET", `/v0/search?q=${encodeURIComponent(q)}`, undefined, key ? { key } : {});
    expect(res.status).toBe(200);
    return (res.body as { data: Hit[] }).data;
  };

  // issue 35, finding 8: the short ids lists show and the start of an external_id found nothing
  it("finds the short id a list shows (2cb19d01…) and the start of an external_id, within the account", async () => {
    const tag = `Prefix-${driver}-${Date.now().toString(36)}`;
    const created = await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, external_id: `${tag}-INV-42` });
    const id = created.body.id as string;
    const byShortId = await find(`${id.slice(0, 8)}…`);
    expect(byShortId).toContainEqual(expect.objectContaining({ kind: "settlement_request", id, match: "id_prefix" }));
    expect(await find(`${id.slice(0, 8)}...`)).toContainEqual(expect.objectContaining({ id, match: "id_prefix" }));
    expect(await find(tag.toLowerCase())).toContainEqual(expect.objectContaining({ id, match: "external_id_prefix" }));
    expect(await find(`${tag}-INV-42`)).toEqual([expect.objectContaining({ id, match: "external_id" })]);
    expect(await find(`${id.slice(0, 8)}…`, strangerKey)).toEqual([]);
    expect(await find(tag, strangerKey)).toEqual([]);
    expect(await find("%%%")).toEqual([]);
  });

  it("finds a request, its payments and its events by id, and nothing of another account", async () => {
    const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    const id = created.body.id as string;
    const payin = (created.body.inbound_payment as Json).id as string;
    expect(await find(id)).toEqual([expect.objectContaining({ kind: "settlement_request", id, match: "id" })]);
    expect(await find(payin)).toEqual([
      expect.objectContaining({ kind: "payment", id: payin, match: "id", parent_id: id }),
    ]);
    const events = (await call(s, "GET", `/v0/events?resource_id=${id}`)).body.data as Json[];
    const eventId = events[0].id as string;
    expect(await find(eventId)).toEqual([expect.objectContaining({ kind: "event", id: eventId })]);
    expect(await find(id, strangerKey)).toEqual([]);
  });

  it("matches external_id exactly, then ignoring case, listing every match, exact first", async () => {
    const tag = `INV-MXN-${driver}-${Date.now()}`;
    const exact = await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, external_id: tag });
    const lower = await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, external_id: tag.toLowerCase() });
    const hits = await find(tag.toLowerCase());
    expect(hits.map((h) => [h.id, h.match])).toEqual([
      [lower.body.id, "external_id"],
      [exact.body.id, "external_id_ci"],
    ]);
    expect((await find(tag)).map((h) => h.match)).toEqual(["external_id", "external_id_ci"]);
  });

  it("finds a payment by its transaction hash and a recent request by its account's last four", async () => {
    const created = await call(s, "POST", "/v0/settlement-requests", BODIES.f2f);
    const hash = `0x${driver}${Date.now().toString(16)}`;
    await call(s, "PUT", `/v0/settlement-requests/${String(created.body.id)}`, { status: "FUNDS_SENT", txHash: hash });
    expect(await find(hash)).toEqual([
      expect.objectContaining({ kind: "payment", match: "transaction_hash", parent_id: created.body.id }),
    ]);

    const iban = String((BODIES.f2f.destination as Record<string, unknown>).iban ?? "");
    const lastFour = iban.slice(-4).toLowerCase();
    const byLastFour = await find(lastFour);
    expect(byLastFour.some((h) => h.id === created.body.id && h.match === "account_last4")).toBe(true);
  });

  it("names the field when the query is missing or too long", async () => {
    expectFieldError(await call(s, "GET", "/v0/search"), "q");
    expectFieldError(await call(s, "GET", `/v0/search?q=${"x".repeat(129)}`), "q");
  });
});
