import { describe, expect, it } from "vitest";
import { z } from "@/lib/schemas/zod";
import {
  controlledAction,
  factsOfCall,
  readsAsEntry,
  type ControlledActionTable,
} from "@/lib/approvals/controlled-action";
import type { ControlledAction } from "@/lib/approvals/rules";
import { CONTROLLED_ACTION_TABLE } from "./controlled-actions";

const evm = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const facts = (action: ControlledAction, method: string, path: string, body: unknown) =>
  factsOfCall(CONTROLLED_ACTION_TABLE, "production", action, { method: method as "POST", path, body });

describe("controlled actions as one typed table (issue 45)", () => {
  it("reads each action's facts through its own entry", () => {
    expect(
      facts("disbursement", "POST", "/v0/disbursements", { wallet_address: evm, amount: "9999.99", currency: "USDC" }),
    ).toMatchObject({
      environment: "production",
      action: "disbursement",
      amount: "9999.99",
      currency: "USDC",
      destinationType: "wallet",
      label: "9,999.99 USDC → 0x5aAe…eAed",
    });
    expect(facts("webhook_endpoint", "PATCH", "/v0/webhooks/we_1", { status: "DISABLED" }).label).toBe(
      'Change endpoint we_1: {"status":"DISABLED"}',
    );
    expect(facts("webhook_endpoint", "DELETE", "/v0/webhooks/we_1", undefined).label).toBe("Delete endpoint we_1");
    expect(facts("api_key", "POST", "console:api-keys", { environment: "production", label: "CI" }).label).toBe(
      "A production API key “CI”",
    );
    expect(
      facts("payee", "POST", "console:payees", {
        name: "Acme",
        kind: "wallet",
        currency: "USDC",
        chain: "ETHEREUM",
        address: evm,
      }),
    ).toMatchObject({ currency: "USDC", destinationType: "wallet", label: "“Acme”: USDC 0x5aAe…eAed" });
  });

  it("gives a call its schema refuses no amount: a rule on amounts cannot be walked round with a malformed body", () => {
    expect(facts("disbursement", "POST", "/v0/disbursements", { amount: "5", currency: "USDC" })).toMatchObject({
      amount: null,
      currency: null,
      label: "POST /v0/disbursements",
    });
  });

  it("a body its entry cannot read is one the controls refuse (readsAsEntry), not one they wave through", () => {
    expect(readsAsEntry(CONTROLLED_ACTION_TABLE, "disbursement", { amount: "5", currency: "USDC" })).toBe(false);
    expect(
      readsAsEntry(CONTROLLED_ACTION_TABLE, "disbursement", { wallet_address: evm, amount: "5", currency: "USDC" }),
    ).toBe(true);
    expect(readsAsEntry(CONTROLLED_ACTION_TABLE, "webhook_endpoint", undefined)).toBe(true);
  });

  it("does not compile a controlled action without its entry, or an entry without a part", () => {
    // @ts-expect-error a new controlled action ("refund") without its entry: Property 'refund' is missing in type
    const widened: ControlledActionTable<ControlledAction | "refund"> = CONTROLLED_ACTION_TABLE;
    // @ts-expect-error an entry without its sender: Property 'send' is missing
    const noSender = controlledAction({
      body: z.object({ amount: z.string() }),
      facts: (b) => ({ currency: null, amount: b.amount, destinationType: null, label: "" }),
      destination: () => null,
    });
    controlledAction({
      body: z.object({ amount: z.string() }),
      // @ts-expect-error an entry reads its own body's type: Property 'wallet' does not exist
      facts: (b) => ({ currency: null, amount: b.wallet, destinationType: null, label: "" }),
      destination: () => null,
      send: async () => ({ status: "failed", responseStatus: null, response: null, resultId: null }),
    });
    expect([widened, noSender].length).toBe(2);
  });
});
