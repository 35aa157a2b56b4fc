import { beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { VALID } from "@/lib/schemas/test-fixtures";
import { events } from "../store/schema";
import { eventData } from "../store/events";
import { withTestService } from "../testing/with-test-service";
import { balanceOf, ledgerOf, setBalance } from "../testing/balances";

/**
 * The earlier /v1 payments surface: the document's state table, the balance after every move
 * (decimal strings), events, idempotency_key, the list envelope. SOLANA's network fee is 0.01,
 * ETHEREUM's 2.50 (quotes/network-fees.ts).
 */
describe("/v1 payments", () => {
  const s = withTestService();
  beforeEach(async () => {
    await s.advance(3_600_000); // settle what the last test left in flight
    await setBalance(s, "USDC", "1000");
  });

  const body = (over: Record<string, unknown> = {}) => ({
    type: "LIQUIDITY",
    amount: 100,
    currency_code: "USDC",
    chain: "SOLANA",
    destination_wallet: VALID.solana,
    ...over,
  });
  const create = (b: Record<string, unknown>) => s.request("POST", "/v1/payments", { body: b });
  const notify = (reference_id: string) =>
    s.request("POST", "/v1/payments/notifications", { body: { type: "INCOMING_PAYMENT", reference_id, rail: "WIRE" } });
  const get = async (id: string) => (await s.request("GET", `/v1/payments/${id}`)).json();
  const eventTypes = async (id: string) =>
    (
      await s.deps.db
        .select()
        .from(events)
        .where(and(eq(events.accountId, s.account.id)))
        .orderBy(asc(events.createdAt))
    )
      .filter((e) => eventData(e).id === id)
      .map((e) => e.type);
  const usdc = () => balanceOf(s, "USDC");

  it("CREATED reserves; notification → PROCESSING; confirmation → COMPLETED with hash, fee debited separately", async () => {
    const res = await create(
      body({
        metadata: { order: "A-1" },
        account_holder: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace" },
      }),
    );
    expect(res.status).toBe(201);
    const p = await res.json();
    const createdAt = s.clock.now();
    expect(p).toMatchObject({
      type: "LIQUIDITY",
      status: "CREATED",
      amount: "100.00000000",
      currency_code: "USDC",
      chain: "SOLANA",
      destination_wallet: VALID.solana,
      transaction_hash: null,
      completed_at: null,
      metadata: { order: "A-1" },
      account_holder: { first_name: "Ada" },
      network_fee: "0.01000000",
      expires_at: new Date(createdAt.getTime() + 300_000).toISOString(),
    });
    expect(p.reference_id).toMatch(/^REF-/);
    expect(await usdc()).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "900.00000000",
      reserved_balance: "100.00000000",
    });

    const n = await notify(p.reference_id);
    expect(n.status).toBe(200);
    expect(await n.json()).toMatchObject({ id: p.id, status: "PROCESSING" });
    expect(await usdc()).toMatchObject({ available_balance: "900.00000000", reserved_balance: "100.00000000" });

    await s.advance(3_000);
    const done = await get(p.id);
    expect(done).toMatchObject({ status: "COMPLETED", completed_at: s.clock.now().toISOString() });
    expect(done.transaction_hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{88}$/);
    expect(await usdc()).toEqual({
      currency: "USDC",
      total_balance: "899.99000000",
      available_balance: "899.99000000",
      reserved_balance: "0.00000000",
    });
    expect(await ledgerOf(s, "USDC")).toEqual(await usdc());
    expect(await eventTypes(p.id)).toEqual(["payment.created", "payment.processing", "payment.completed"]);
  });

  it("no notification within 5 minutes → EXPIRED, reserve released; a late notification is 409", async () => {
    const p = await (await create(body({ amount: "40.5" }))).json();
    expect(await usdc()).toMatchObject({ available_balance: "959.50000000", reserved_balance: "40.50000000" });
    await s.advance(299_999);
    expect((await get(p.id)).status).toBe("CREATED");
    await s.advance(1);
    expect((await get(p.id)).status).toBe("EXPIRED");
    expect(await usdc()).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "1000.00000000",
      reserved_balance: "0.00000000",
    });
    const late = await notify(p.reference_id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "invalid_transition" });
    expect(await eventTypes(p.id)).toEqual(["payment.created", "payment.expired"]);
  });

  it("a notification at the deadline, before the scheduler ran, finds the payment expired", async () => {
    const p = await (await create(body())).json();
    s.clock.advance(300_000);
    const late = await notify(p.reference_id);
    expect(late.status).toBe(409);
    expect((await get(p.id)).status).toBe("EXPIRED");
    expect(await usdc()).toMatchObject({ available_balance: "1000.00000000", reserved_balance: "0.00000000" });
  });

  it("transfer failure → FAILED, reserve released, no fee", async () => {
    const p = await (await create(body({ chain: "ETHEREUM", destination_wallet: VALID.evm }))).json();
    await notify(p.reference_id);
    const res = await s.request("PATCH", `/v1/sandbox/payments/${p.id}/status`, {
      body: { status: "FAILED", failure_reason: "Chain congestion" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "FAILED",
      failure_reason: "Chain congestion",
      transaction_hash: null,
    });
    expect(await usdc()).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "1000.00000000",
      reserved_balance: "0.00000000",
    });
    expect(await eventTypes(p.id)).toEqual(["payment.created", "payment.processing", "payment.failed"]);
    // Final states stay final.
    const again = await s.request("PATCH", `/v1/sandbox/payments/${p.id}/status`, { body: { status: "COMPLETED" } });
    expect(again.status).toBe(409);
    expect(
      (
        await s.request("PATCH", `/v1/sandbox/payments/${p.id}/status`, {
          body: { status: "FAILED" },
          key: s.keys.production,
        })
      ).status,
    ).toBe(403);
  });

  it("422 when available < amount + network fee; exactly enough is accepted", async () => {
    const tooMuch = await create(body({ chain: "ETHEREUM", destination_wallet: VALID.evm, amount: "997.500001" }));
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.json()).toMatchObject({ error: "insufficient_funds" });
    expect(await usdc()).toMatchObject({ available_balance: "1000.00000000", reserved_balance: "0.00000000" });
    const exact = await create(body({ chain: "ETHEREUM", destination_wallet: VALID.evm, amount: "997.5" }));
    expect(exact.status).toBe(201);
    const p = await exact.json();
    expect(await usdc()).toMatchObject({ available_balance: "2.50000000", reserved_balance: "997.50000000" });
    await notify(p.reference_id);
    await s.advance(3_000);
    expect((await get(p.id)).status).toBe("COMPLETED");
    expect(await usdc()).toEqual({
      currency: "USDC",
      total_balance: "0.00000000",
      available_balance: "0.00000000",
      reserved_balance: "0.00000000",
    });
  });

  it("fails the transfer rather than go negative when the fee is no longer available at confirmation", async () => {
    const p = await (await create(body({ chain: "ETHEREUM", destination_wallet: VALID.evm, amount: "500" }))).json();
    // 500 available: another payment takes all of it (fee 0.01 on SOLANA).
    expect((await create(body({ amount: "499.99" }))).status).toBe(201);
    expect(await usdc()).toMatchObject({ available_balance: "0.01000000" });
    await notify(p.reference_id);
    await s.advance(3_000);
    expect(await get(p.id)).toMatchObject({ status: "FAILED" });
    expect((await get(p.id)).failure_reason).toContain("network fee");
    expect(await usdc()).toMatchObject({
      available_balance: "500.01000000",
      reserved_balance: "499.99000000",
      total_balance: "1000.00000000",
    });
    expect(await ledgerOf(s, "USDC")).toEqual(await usdc());
  });

  it("idempotency_key: same body returns the original payment; reserves once", async () => {
    const b = body({ idempotency_key: "v1-key-1", amount: "10" });
    const first = await create(b);
    const again = await create({ ...b });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await usdc()).toMatchObject({ reserved_balance: "10.00000000" });
    const mismatch = await create({ ...b, amount: "11" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: "idempotency_mismatch" });
  });

  it("lists newest first in the envelope, filters by status, hides other environments", async () => {
    const a = await (await create(body({ amount: "1" }))).json();
    s.clock.advance(1_000);
    const b = await (await create(body({ amount: "2" }))).json();
    await notify(b.reference_id);
    const page = await (await s.request("GET", "/v1/payments?page=1&page_size=2")).json();
    expect(page.data.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(page.pagination).toMatchObject({ page: 1, page_size: 2 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(2);
    const processing = await (await s.request("GET", "/v1/payments?status=PROCESSING")).json();
    expect(processing.data.map((p: { id: string }) => p.id)).toContain(b.id);
    expect(processing.data.every((p: { status: string }) => p.status === "PROCESSING")).toBe(true);
    expect((await s.request("GET", "/v1/payments?page_size=101")).status).toBe(400);
    expect((await s.request("GET", `/v1/payments/${a.id}`, { key: s.keys.production })).status).toBe(404);
    const prod = await (await s.request("GET", "/v1/payments", { key: s.keys.production })).json();
    expect(prod.data).toEqual([]);
  });

  it("validates create and notification bodies", async () => {
    const wrongType = await create(body({ type: "PAYOUT" }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).details[0].path).toBe("type");
    const badWallet = await create(body({ destination_wallet: VALID.evm }));
    expect((await badWallet.json()).details[0].path).toBe("destination_wallet");
    const rail = await s.request("POST", "/v1/payments/notifications", {
      body: { type: "INCOMING_PAYMENT", reference_id: "x", rail: "ACH" },
    });
    expect(rail.status).toBe(400);
    expect((await rail.json()).details[0].path).toBe("rail");
    expect((await notify("REF-UNKNOWN")).status).toBe(404);
  });

  it("account.balance.low fires when available crosses below the threshold (1000 in tests)", async () => {
    await setBalance(s, "USDC", "1500");
    const lows = async () =>
      (await s.deps.db.select().from(events).where(eq(events.type, "account.balance.low"))).length;
    const before = await lows();
    await create(body({ amount: "400" })); // 1100 left: above
    expect(await lows()).toBe(before);
    await create(body({ amount: "200" })); // 900 left: crossed
    expect(await lows()).toBe(before + 1);
    await create(body({ amount: "100" })); // still below: no repeat
    expect(await lows()).toBe(before + 1);
    const [low] = await s.deps.db
      .select()
      .from(events)
      .where(eq(events.type, "account.balance.low"))
      .orderBy(asc(events.createdAt));
    expect(eventData(low)).toMatchObject({
      currency: "USDC",
      available_balance: expect.stringMatching(/^\d+\.\d{8}$/),
    });
  });
});
