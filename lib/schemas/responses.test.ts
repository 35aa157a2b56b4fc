import { describe, expect, it } from "vitest";
import { destinationOutputSchema } from "./destination-output";
import { disbursementSchema } from "./disbursement";
import { errorEnvelopeSchema, issuePath, validationMessage, zodIssuesToDetails } from "./error";
import { maskTail } from "./mask";
import { paymentSchema } from "./payment";
import { rateResponseSchema } from "./rates";
import { settlementHistorySchema, settlementRequestSchema } from "./settlement-request-response";
import { settlementRequestCreateSchema } from "./settlement-request";
import { VALID } from "./test-fixtures";
import { v1PaymentSchema } from "./v1-payment";

const T = "2026-11-21T10:00:00.000Z";
const summary = (type: "PAYIN" | "PAYOUT", currency: string) => ({
  id: `pay_${type}`,
  type,
  status: "AWAITING_FUNDS",
  amount: "100.00000000",
  currency,
  created_at: T,
});

const request = {
  id: "5b0e4a4e-5f7a-4c1e-9a57-0c3e8f1d2a11",
  type: "STABLECOIN_TO_FIAT",
  payment_reason: "FAMILY_SUPPORT",
  status: "REQUEST_STARTED",
  amount: "100.00000000",
  destination: {
    currency: "USD",
    rail: "ACH",
    is_third_party: false,
    amount: "99.00000000",
    bank_name: "Chase",
    account_number: maskTail("123456789"),
    routing_number: VALID.routing,
    account_type: "CHECKING",
    beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "US" } },
  },
  source: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
  payment_instructions: {
    wallet_address: VALID.solana,
    chain: "SOLANA",
    currency: "USDC",
    amount: "100.000000",
    destination_amount: "99.00",
    destination_currency: "USD",
    exchange_rate: "0.99",
    fee: { fixed: 0.5, variable: 0.005, total: 1 },
    valid_until: "2026-11-21T10:30:00.000Z",
  },
  inbound_payment: summary("PAYIN", "USDC"),
  outbound_payment: summary("PAYOUT", "USD"),
  external_id: null,
  metadata: {},
  created_at: T,
  updated_at: T,
  processing_at: null,
  completed_at: null,
  reconciliation_expected_at: null,
  failure_code: null,
  failure_reason: null,
};

describe("response schemas", () => {
  it("parse a settlement request with crypto instructions", () => {
    expect(settlementRequestSchema.parse(request)).toMatchObject({ id: request.id, amount: "100.00000000" });
  });

  it("parse fiat payment instructions", () => {
    const fiat = {
      ...request,
      type: "FIAT_TO_STABLECOIN",
      payment_instructions: {
        bank_name: "Lead Bank",
        account_number: "987654321",
        routing_number: VALID.routing,
        deposit_message: "SR-5B0E4A4E",
        rail: "ACH",
        currency: "USD",
        amount: "100.00",
        destination_amount: "99.500000",
        destination_currency: "USDC",
        exchange_rate: "0.995",
        fee: { fixed: 0, variable: 0.005, total: 0.5 },
        valid_until: "2026-11-23T10:00:00.000Z",
      },
    };
    const out = settlementRequestSchema.parse(fiat);
    expect("deposit_message" in out.payment_instructions).toBe(true);
  });

  it("refuse an unmasked account number, a non-canonical amount and a transaction_id is dropped", () => {
    expect(destinationOutputSchema.safeParse({ ...request.destination, account_number: "123456789" }).success).toBe(
      false,
    );
    expect(settlementRequestSchema.safeParse({ ...request, amount: "100.00" }).success).toBe(false);
    expect(settlementRequestSchema.parse({ ...request, transaction_id: "t" })).not.toHaveProperty("transaction_id");
  });

  it("maskTail keeps the last four characters", () => {
    expect(maskTail("123456789")).toBe("••••6789");
    expect(maskTail(VALID.ibanDE)).toBe("••••3000");
  });

  it("parse history, payment, disbursement, rate and /v1 payment", () => {
    expect(
      settlementHistorySchema.safeParse({
        data: [
          { at: T, from: null, to: "REQUEST_STARTED", cause: "api" },
          { at: T, from: "REQUEST_STARTED", to: "FUNDS_SENT", cause: "api" },
          {
            at: T,
            from: "FUNDS_SENT",
            to: "PAYIN_FAILED",
            cause: "payment",
            payment_id: "pay_1",
            detail: "bank said no",
          },
        ],
      }).success,
    ).toBe(true);
    expect(
      paymentSchema.safeParse({
        id: "pay_1",
        type: "PAYOUT",
        status: "COMPLETED",
        source: { amount: "1.00000000", currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
        destination: {
          amount: "1.00000000",
          currency: "USDC",
          rail: "SOLANA",
          wallet_address: VALID.solana,
          transaction_hash: "5x",
        },
        created_at: T,
        updated_at: T,
        completed_at: T,
        settlement_request_id: request.id,
        fee: "0",
        metadata: {},
      }).success,
    ).toBe(true);
    expect(
      disbursementSchema.safeParse({
        id: request.id,
        destination_id: request.id,
        amount: "5.00000000",
        currency: "USDT",
        status: "FAILED",
        created_at: T,
        updated_at: T,
        payment_id: request.id,
        failure_reason: { code: "chain_rejected", message: "the chain refused the transfer" },
      }).success,
    ).toBe(true);
    expect(
      rateResponseSchema.safeParse({
        source_currency: "USDC",
        destination_currency: "EUR",
        mid_market_rate: 0.92,
        inverted_mid_market_rate: 1.0869565217,
        effective_rate: 0.91,
        source_amount: 100,
        destination_amount: 91,
        fee: { total: 1, currency: "USDC" },
      }).success,
    ).toBe(true);
    expect(rateResponseSchema.safeParse({ mid_market_rate: "0.92" }).success).toBe(false);
    expect(
      v1PaymentSchema.safeParse({
        id: "p1",
        type: "LIQUIDITY",
        status: "CREATED",
        amount: "25.50000000",
        currency_code: "USDC",
        chain: "SOLANA",
        destination_wallet: VALID.solana,
        reference_id: "ref_1",
        metadata: { a: 1 },
        expires_at: T,
        created_at: T,
      }).success,
    ).toBe(true);
  });
});

describe("error envelope helpers", () => {
  it("turn create-body issues into dotted details", () => {
    const r = settlementRequestCreateSchema.safeParse({
      type: "FIAT_TO_FIAT",
      payment_reason: "RENT",
      amount: "1",
      destination: {
        currency: "EUR",
        rail: "LOCAL",
        iban: "DE00",
        beneficiary: { type: "INDIVIDUAL", first_name: "a", last_name: "b", address: { country_code: "DE" } },
      },
    });
    const details = zodIssuesToDetails(r.error?.issues ?? []);
    expect(details).toEqual([{ path: "destination.iban", message: expect.stringContaining("IBAN") }]);
    expect(validationMessage(details)).toMatch(/^destination\.iban: IBAN/);
    expect(
      errorEnvelopeSchema.parse({ status_code: 400, error: "validation_error", message: "x", details }),
    ).toBeTruthy();
  });

  it("issuePath joins keys and indices", () => {
    expect(issuePath(["events", 1])).toBe("events.1");
    expect(issuePath([])).toBe("");
  });
});
