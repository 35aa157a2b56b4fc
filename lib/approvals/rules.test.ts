import { describe, expect, it } from "vitest";
import { CONTROLLED_ACTION_TABLE } from "@/lib/instance/controlled-actions";
import type { Environment } from "@/lib/schemas/catalog";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { factsOfCall } from "./controlled-action";
import { settlementRequestFacts as requestFacts } from "./facts";
import { governingRule, type RuleBody, ruleBodySchema, ruleMatches, ruleSummary, unsatisfiableBecause } from "./rules";

const base: RuleBody = {
  name: "Large production payouts",
  enabled: true,
  conditions: {
    environments: ["production"],
    actions: ["settlement_request", "disbursement"],
    currencies: [],
    amountAtLeast: "10000",
    amountIn: "submission",
    destinationTypes: [],
    newDestinationOnly: false,
  },
  approvalsRequired: 1,
  approverRoles: ["admin", "finance"],
};
const offramp = {
  type: "STABLECOIN_TO_FIAT",
  source: { currency: "USDC", rail: "SOLANA" },
  destination: { currency: "EUR", amount: "12000.50", iban: "DE89370400440532013000" },
};

/** A settlement request's facts as a rule reads them (the bodies here are partial: read without the schema). */
const settlementRequestFacts = (environment: Environment, body: unknown) => ({
  environment,
  action: "settlement_request" as const,
  knownDestination: null,
  ...requestFacts(body as SettlementRequestCreateInput),
});

/** A call's facts through the console's table of controlled actions (its schema first). */
const factsOf = (environment: Environment, action: "disbursement" | "v1_payment", body: unknown) =>
  factsOfCall(CONTROLLED_ACTION_TABLE, environment, action, { method: "POST", path: "/v0/x", body });

describe("which submissions a rule holds", () => {
  it("reads a settlement request's amount as entered: the source amount, else the destination's", () => {
    expect(settlementRequestFacts("production", offramp)).toMatchObject({
      currency: "EUR",
      amount: "12000.50",
      destinationType: "bank",
    });
    expect(
      settlementRequestFacts("production", {
        type: "FIAT_TO_STABLECOIN",
        amount: "500",
        destination: { currency: "USDC", wallet_address: "0xabc" },
      }),
    ).toMatchObject({
      currency: "USD",
      amount: "500",
      destinationType: "wallet",
    });
    expect(
      settlementRequestFacts("sandbox", {
        type: "STABLECOIN_TO_STABLECOIN",
        amount: 75,
        destination: { currency: "USDT", wallet_address: "T1" },
      }),
    ).toMatchObject({ currency: "USDT", amount: "75" });
    expect(
      factsOf("production", "disbursement", {
        amount: "9999.99",
        currency: "USDC",
        wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      }),
    ).toMatchObject({ amount: "9999.99", label: "9,999.99 USDC → 0x5aAe…eAed" });
  });

  it("holds at the threshold and above, in the chosen environment and actions only (decimal, not float)", () => {
    const at = (amount: string, environment: "sandbox" | "production" = "production") =>
      ruleMatches(base, { ...settlementRequestFacts(environment, offramp), amount });
    expect(at("10000")).toBe(true);
    expect(at("9999.99999999")).toBe(false);
    expect(at("10000.00000001")).toBe(true);
    expect(at("50000", "sandbox")).toBe(false);
    expect(
      ruleMatches(
        base,
        factsOf("production", "v1_payment", {
          type: "LIQUIDITY",
          amount: "50000",
          currency_code: "USDC",
          chain: "ETHEREUM",
          destination_wallet: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        }),
      ),
    ).toBe(false);
    expect(ruleMatches({ ...base, enabled: false }, settlementRequestFacts("production", offramp))).toBe(false);
  });

  it("compares a USD threshold with the amount priced in USD, and holds what could not be priced", () => {
    const usd = { ...base, conditions: { ...base.conditions, amountAtLeast: "280", amountIn: "USD" as const } };
    const facts = { ...settlementRequestFacts("production", offramp), amount: "250" };
    expect(ruleMatches(usd, { ...facts, amountUsd: "290.70" })).toBe(true);
    expect(ruleMatches(usd, { ...facts, amountUsd: "279.99" })).toBe(false);
    expect(ruleMatches(usd, { ...facts, amountUsd: null })).toBe(true);
    // The same threshold in the submission's own currency: 250 EUR is under 280.
    expect(ruleMatches({ ...usd, conditions: { ...usd.conditions, amountIn: "submission" } }, facts)).toBe(false);
    expect(ruleSummary(usd)).toContain("worth $280.00 or more");
  });

  it("narrows by currency and destination type; an empty list means any", () => {
    const facts = settlementRequestFacts("production", offramp);
    expect(ruleMatches({ ...base, conditions: { ...base.conditions, currencies: ["USD"] } }, facts)).toBe(false);
    expect(ruleMatches({ ...base, conditions: { ...base.conditions, currencies: ["EUR", "USD"] } }, facts)).toBe(true);
    expect(ruleMatches({ ...base, conditions: { ...base.conditions, destinationTypes: ["wallet"] } }, facts)).toBe(
      false,
    );
    expect(
      ruleMatches(
        { ...base, conditions: { ...base.conditions, destinationTypes: ["bank"], amountAtLeast: null } },
        { ...facts, amount: "1" },
      ),
    ).toBe(true);
  });

  it("of several matching rules, the one asking for the most approvals governs", () => {
    const two = {
      ...base,
      name: "Two eyes",
      approvalsRequired: 2 as const,
      conditions: { ...base.conditions, amountAtLeast: "1000" },
    };
    expect(governingRule([base, two], settlementRequestFacts("production", offramp))?.name).toBe("Two eyes");
    expect(governingRule([base], { ...settlementRequestFacts("production", offramp), amount: "5" })).toBeNull();
  });

  it("refuses a production rule that lets a developer approve, and says what a rule holds in words", () => {
    const parsed = ruleBodySchema.safeParse({ ...base, approverRoles: ["developer"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["approverRoles"],
      message: "In production only Admin and Finance may approve",
    });
    expect(
      ruleBodySchema.safeParse({ ...base, conditions: { ...base.conditions, amountAtLeast: "1e5" } }).success,
    ).toBe(false);
    expect(ruleSummary(base)).toBe(
      "Settlement requests, disbursements in production of 10000 or more need 1 approval from Admin or Finance.",
    );
  });

  it("measures in USD by default; a threshold in each submission's own currency needs its currencies (issue 43)", () => {
    const draft = { ...base, conditions: { ...base.conditions, amountIn: undefined } };
    expect(ruleBodySchema.parse(draft).conditions.amountIn).toBe("USD");
    const perCurrency = ruleBodySchema.safeParse(base);
    expect(perCurrency.success).toBe(false);
    expect(perCurrency.error?.issues[0]?.path).toEqual(["conditions", "currencies"]);
    expect(ruleBodySchema.safeParse({ ...base, conditions: { ...base.conditions, currencies: ["NGN"] } }).success).toBe(
      true,
    );
  });

  it("refuses a rule nobody but the submitter could approve, and says why (issue 43)", () => {
    const keys: RuleBody = {
      ...base,
      conditions: { ...base.conditions, actions: ["api_key"], amountAtLeast: null },
      approverRoles: ["admin"],
    };
    const oneAdmin = [{ role: "admin" as const }, { role: "finance" as const }];
    expect(unsatisfiableBecause(keys, oneAdmin)).toMatch(/a submitter of theirs cannot approve their own/);
    expect(unsatisfiableBecause(keys, [...oneAdmin, { role: "admin" as const }])).toBeNull();
    // Finance approves API keys it cannot create: one finance person is enough.
    expect(unsatisfiableBecause({ ...keys, approverRoles: ["finance"] }, oneAdmin)).toBeNull();
    expect(unsatisfiableBecause({ ...keys, approverRoles: ["finance"], approvalsRequired: 2 }, oneAdmin)).toMatch(
      /fewer than the 2 approvals/,
    );
    expect(unsatisfiableBecause({ ...keys, enabled: false }, oneAdmin)).toBeNull();
  });
});
