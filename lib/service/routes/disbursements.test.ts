import { beforeEach, describe, expect, it } from "vitest";
import { VALID } from "@/lib/schemas/test-fixtures";
import { withTestService } from "../testing/with-test-service";
import { balanceOf, ledgerOf, setBalance } from "../testing/balances";

/**
 * POST/GET /v0/disbursements (decisions D10): every transition and the balance after each, as
 * decimal strings. Rail delays in the test config: 2 s to PROCESSING, 3 s more to COMPLETED.
 */
describe("disbursements", () => {
  const s = withTestService();
  beforeEach(async () => {
    await s.advance(600_000); // settle what the last test left in flight
    await setBalance(s, "USDC", "1000.00");
  });

  const create = (body: Record<string, unknown>, headers: Record<string, string> = {}, key?: string) =>
    s.request("POST", "/v0/disbursements", { body, headers, key });
  const get = async (id: string) => (await s.request("GET", `/v0/disbursements/${id}`)).json();

  async function expectLedgerMatches(currency = "USDC") {
    expect(await ledgerOf(s, currency)).toEqual(await balanceOf(s, currency));
  }

  it("reserves on create, then PENDING → PROCESSING → COMPLETED consumes the reserve", async () => {
    const res = await create({ wallet_address: VALID.evm, amount: "100.25", currency: "USDC" });
    expect(res.status).toBe(201);
    const d = await res.json();
    expect(d).toMatchObject({
      status: "PENDING",
      amount: "100.25000000",
      currency: "USDC",
      chain: "ETHEREUM",
      completed_at: null,
      failure_reason: null,
    });
    expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.destination_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "899.75000000",
      reserved_balance: "100.25000000",
    });

    const payment = await (await s.request("GET", `/v0/payments/${d.payment_id}`)).json();
    expect(payment).toMatchObject({ id: d.payment_id, type: "PAYOUT", status: "PENDING", settlement_request_id: null });
    expect(payment.destination).toMatchObject({
      amount: "100.25000000",
      currency: "USDC",
      rail: "ETHEREUM",
      wallet_address: VALID.evm,
    });

    await s.advance(1_999);
    expect((await get(d.id)).status).toBe("PENDING");
    await s.advance(1);
    expect(await get(d.id)).toMatchObject({ status: "PROCESSING", completed_at: null });
    expect((await (await s.request("GET", `/v0/payments/${d.payment_id}`)).json()).status).toBe("PROCESSING");
    expect(await balanceOf(s, "USDC")).toMatchObject({
      available_balance: "899.75000000",
      reserved_balance: "100.25000000",
    });

    await s.advance(3_000);
    const done = await get(d.id);
    expect(done).toMatchObject({ status: "COMPLETED", completed_at: s.clock.now().toISOString() });
    const paid = await (await s.request("GET", `/v0/payments/${d.payment_id}`)).json();
    expect(paid.status).toBe("COMPLETED");
    expect(paid.destination.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "899.75000000",
      available_balance: "899.75000000",
      reserved_balance: "0.00000000",
    });
    await expectLedgerMatches();
  });

  it("a late tick catches up: both rail steps in one advance", async () => {
    const d = await (await create({ wallet_address: VALID.solana, amount: 1, currency: "USDC" })).json();
    expect(d.chain).toBe("SOLANA");
    await s.advance(60_000);
    expect((await get(d.id)).status).toBe("COMPLETED");
    expect(await balanceOf(s, "USDC")).toMatchObject({
      total_balance: "999.00000000",
      available_balance: "999.00000000",
    });
  });

  it("FAILED (sandbox PATCH of its payment) releases the reserve with failure_reason {code, message}", async () => {
    const d = await (await create({ wallet_address: VALID.tron, amount: "250", currency: "USDC" })).json();
    expect(d.chain).toBe("TRON");
    await s.advance(2_000);
    expect(await balanceOf(s, "USDC")).toMatchObject({
      available_balance: "750.00000000",
      reserved_balance: "250.00000000",
    });
    const res = await s.request("PATCH", `/v0/sandbox/payments/${d.payment_id}/status`, {
      body: { status: "FAILED", failure_reason: "Beneficiary wallet rejected the transfer" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: d.payment_id,
      status: "FAILED",
      failure_reason: "Beneficiary wallet rejected the transfer",
    });
    expect(await get(d.id)).toMatchObject({
      status: "FAILED",
      failure_reason: { code: "PAYMENT_FAILED", message: "Beneficiary wallet rejected the transfer" },
      completed_at: null,
    });
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "1000.00000000",
      reserved_balance: "0.00000000",
    });
    // Final: the rail does not move it again, and the sandbox cannot undo it.
    await s.advance(60_000);
    expect((await get(d.id)).status).toBe("FAILED");
    const undo = await s.request("PATCH", `/v0/sandbox/payments/${d.payment_id}/status`, {
      body: { status: "COMPLETED" },
    });
    expect(undo.status).toBe(409);
    expect(await undo.json()).toMatchObject({ error: "invalid_transition" });
    await expectLedgerMatches();
  });

  it("a PENDING disbursement can fail before it starts; a sandbox COMPLETED goes through PROCESSING", async () => {
    const a = await (await create({ wallet_address: VALID.evm, amount: "10", currency: "USDC" })).json();
    await s.request("PATCH", `/v0/sandbox/payments/${a.payment_id}/status`, { body: { status: "CANCELED" } });
    expect(await get(a.id)).toMatchObject({ status: "FAILED", failure_reason: { code: "PAYMENT_CANCELED" } });
    const b = await (await create({ wallet_address: VALID.evm, amount: "20", currency: "USDC" })).json();
    const res = await s.request("PATCH", `/v0/sandbox/payments/${b.payment_id}/status`, {
      body: { status: "COMPLETED" },
    });
    expect(res.status).toBe(200);
    expect(await get(b.id)).toMatchObject({ status: "COMPLETED" });
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "980.00000000",
      available_balance: "980.00000000",
      reserved_balance: "0.00000000",
    });
    await expectLedgerMatches();
  });

  it("UNDER_REVIEW holds the rail until the sandbox moves it on", async () => {
    const d = await (await create({ wallet_address: VALID.evm, amount: "5", currency: "USDC" })).json();
    await s.request("PATCH", `/v0/sandbox/payments/${d.payment_id}/status`, { body: { status: "UNDER_REVIEW" } });
    await s.advance(60_000);
    expect((await get(d.id)).status).toBe("PROCESSING");
    await s.request("PATCH", `/v0/sandbox/payments/${d.payment_id}/status`, { body: { status: "SENT" } });
    await s.advance(3_000);
    expect((await get(d.id)).status).toBe("COMPLETED");
  });

  it("422 insufficient_funds when the amount exceeds the available balance; nothing is reserved", async () => {
    const res = await create({ wallet_address: VALID.evm, amount: "1000.000001", currency: "USDC" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ status_code: 422, error: "insufficient_funds" });
    expect(await balanceOf(s, "USDC")).toMatchObject({
      available_balance: "1000.00000000",
      reserved_balance: "0.00000000",
    });
    const exact = await create({ wallet_address: VALID.evm, amount: "1000", currency: "USDC" });
    expect(exact.status).toBe(201);
    expect(await balanceOf(s, "USDC")).toMatchObject({
      available_balance: "0.00000000",
      reserved_balance: "1000.00000000",
    });
    await s.advance(60_000);
  });

  it("production has no balance until the operator sets one", async () => {
    const res = await create({ wallet_address: VALID.evm, amount: "1", currency: "USDC" }, {}, s.keys.production);
    expect(res.status).toBe(422);
    await setBalance(s, "USDC", "5", "production");
    expect(
      (await create({ wallet_address: VALID.evm, amount: "1", currency: "USDC" }, {}, s.keys.production)).status,
    ).toBe(201);
    expect(await balanceOf(s, "USDC", "production")).toMatchObject({ available_balance: "4.00000000" });
  });

  it("destination_id is stable per (account, chain, address); EVM case does not matter", async () => {
    const one = await (await create({ wallet_address: VALID.evm, amount: "1", currency: "USDC" })).json();
    const two = await (await create({ wallet_address: VALID.evm.toLowerCase(), amount: "2", currency: "USDC" })).json();
    const polygon = await (
      await create({ wallet_address: VALID.evm, amount: "3", currency: "USDC", chain: "POLYGON" })
    ).json();
    expect(two.destination_id).toBe(one.destination_id);
    expect(polygon.destination_id).not.toBe(one.destination_id);
    expect(polygon.chain).toBe("POLYGON");
  });

  it("Idempotency-Key replays the answer and reserves once", async () => {
    const body = { wallet_address: VALID.evm, amount: "7.5", currency: "USDC" };
    const first = await create(body, { "Idempotency-Key": "disb-1" });
    const again = await create(
      { currency: "USDC", amount: "7.5", wallet_address: VALID.evm },
      { "Idempotency-Key": "disb-1" },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await balanceOf(s, "USDC")).toMatchObject({ reserved_balance: "7.50000000" });
    const other = await create({ ...body, amount: "8" }, { "Idempotency-Key": "disb-1" });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: "idempotency_mismatch" });
    await s.advance(60_000);
  });

  it("validates the body and hides other environments' disbursements", async () => {
    const bad = await create({ wallet_address: "0x123", amount: "1", currency: "USDC" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].path).toBe("wallet_address");
    const tooFine = await create({ wallet_address: VALID.evm, amount: "1.0000001", currency: "USDC" });
    expect((await tooFine.json()).details[0].path).toBe("amount");
    const eurcOnTron = await create({ wallet_address: VALID.tron, amount: "1", currency: "EURC" });
    expect(eurcOnTron.status).toBe(400);
    const d = await (await create({ wallet_address: VALID.evm, amount: "1", currency: "USDC" })).json();
    expect((await s.request("GET", `/v0/disbursements/${d.id}`, { key: s.keys.production })).status).toBe(404);
    expect((await s.request("GET", "/v0/disbursements/nope")).status).toBe(404);
    expect((await s.request("GET", `/v0/disbursements/${d.id}`, { key: null })).status).toBe(401);
  });
});
